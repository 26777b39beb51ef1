package dev.userlookup.network;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.net.InetAddress;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Hosts told to be IP addresses without a DNS look-up: what is not a literal is null, never resolved. */
class IpLiteralTest {

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource({
        "127.0.0.1, 127.0.0.1",
        "10.20.30.40, 10.20.30.40",
        "255.255.255.255, 255.255.255.255",
        "::1, 0:0:0:0:0:0:0:1",
        "[::1], 0:0:0:0:0:0:0:1",
        "fe80::1, fe80:0:0:0:0:0:0:1",
        "::ffff:10.0.0.1, 10.0.0.1",
    })
    void literals(String host, String address) throws Exception {
        assertArrayEquals(InetAddress.getByName(address).getAddress(), IpLiteral.address(host).getAddress());
    }

    @ParameterizedTest
    @ValueSource(strings = {"localhost", "api.example.test", "300.0.0.1", "1.2.3", "127.1", "01.2.3.4", "1.2.3.4.5", "::g", "[1.2.3.4]",
        "1::2::3", "", "[]", "999999999999"})
    void namesAndMalformedLiteralsAreNone(String host) {
        assertNull(IpLiteral.address(host));
    }

    @ParameterizedTest
    @CsvSource({"localhost, true", "127.0.0.1, true", "127.9.9.9, true", "[::1], true", "10.0.0.1, false", "127.0.0.1.example.test, false"})
    void loopbackIsDecidedWithoutALookUp(String host, boolean loopback) {
        assertEquals(loopback, BaseUrl.isLoopback(host));
    }
}
