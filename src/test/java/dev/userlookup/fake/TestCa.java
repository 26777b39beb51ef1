package dev.userlookup.fake;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * A private certificate authority made at test time with the JDK's own keytool, and server
 * keystores it signs: for loopback HTTPS without any certificate in the repository. keytool
 * rather than a library: it ships with every JDK, can make a CA ({@code -ext bc:c}) and sign
 * ({@code -gencert}), back-date ({@code -startdate}) and name hosts ({@code -ext san=}), which is
 * all the tests need; the price is a JVM start per step, paid once per test JVM (each keystore
 * is made on first use and kept for the JVM's life).
 */
public final class TestCa {

    /** Every keystore here opens with this; nothing secret is in them. */
    public static final String PASSWORD = "changeit";
    /** The host names and address the ordinary server certificate is for. */
    public static final String SERVER_NAMES = "dns:localhost,ip:127.0.0.1,dns:users.service.test";

    /** What a server certificate is like. */
    public enum Kind {
        /** For localhost, 127.0.0.1 and users.service.test, valid for ten years. */
        GOOD(SERVER_NAMES, null, 3650),
        /** Valid for a month that ended over a year ago. */
        EXPIRED(SERVER_NAMES, "-400d", 30),
        /** For another host only: valid, but not for the address the tests connect to. */
        OTHER_HOST("dns:other.example.test", null, 3650);

        final String names;
        final String startDate;
        final int validityDays;

        Kind(String names, String startDate, int validityDays) {
            this.names = names;
            this.startDate = startDate;
            this.validityDays = validityDays;
        }
    }

    private static final Map<String, TestCa> AUTHORITIES = new ConcurrentHashMap<>();

    private final Path dir;
    private final Path caStore;
    private final Path caPem;
    private final Map<Kind, Path> serverStores = new ConcurrentHashMap<>();

    private TestCa(Path dir) {
        this.dir = dir;
        this.caStore = dir.resolve("ca.p12");
        this.caPem = dir.resolve("ca.pem");
    }

    /** The test CA of this JVM. */
    public static TestCa shared() {
        return named("userlookup test CA");
    }

    /** Another CA, one that nothing trusts unless told: for certificates of an unknown issuer. */
    public static TestCa named(String commonName) {
        return AUTHORITIES.computeIfAbsent(commonName, name -> {
            try {
                TestCa ca = new TestCa(Files.createTempDirectory("userlookup-ca"));
                ca.dir.toFile().deleteOnExit();
                keytool("-genkeypair", "-alias", "ca", "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=" + name,
                        "-ext", "bc:c", "-ext", "KeyUsage:critical=keyCertSign,cRLSign", "-validity", "3650",
                        "-keystore", ca.caStore.toString(), "-storetype", "PKCS12", "-storepass", PASSWORD);
                keytool("-exportcert", "-rfc", "-alias", "ca", "-keystore", ca.caStore.toString(), "-storepass", PASSWORD,
                        "-file", ca.caPem.toString());
                return ca;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    /** The CA's certificate, PEM: what {@code --ca-cert} is given. */
    public Path caPem() {
        return caPem;
    }

    /** A PKCS12 keystore (password {@link #PASSWORD}) with a server key and its certificate of this kind, signed by this CA. */
    public Path serverKeystore(Kind kind) {
        return serverStores.computeIfAbsent(kind, k -> {
            try {
                return makeServerKeystore(k);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    private Path makeServerKeystore(Kind kind) throws IOException {
        String name = kind.name().toLowerCase(java.util.Locale.ROOT);
        Path store = dir.resolve(name + ".p12");
        Path request = dir.resolve(name + ".csr");
        Path signed = dir.resolve(name + ".pem");
        keytool("-genkeypair", "-alias", "server", "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=userlookup test server",
                "-keystore", store.toString(), "-storetype", "PKCS12", "-storepass", PASSWORD);
        keytool("-certreq", "-alias", "server", "-keystore", store.toString(), "-storepass", PASSWORD, "-file", request.toString());
        List<String> sign = new ArrayList<>(List.of("-gencert", "-rfc", "-alias", "ca", "-keystore", caStore.toString(),
                "-storepass", PASSWORD, "-infile", request.toString(), "-outfile", signed.toString(),
                "-validity", String.valueOf(kind.validityDays), "-ext", "san=" + kind.names, "-ext", "eku=serverAuth"));
        if (kind.startDate != null) {
            sign.addAll(List.of("-startdate", kind.startDate));
        }
        keytool(sign.toArray(new String[0]));
        // The reply is imported over its CA's certificate, so the keystore holds the whole chain.
        keytool("-importcert", "-noprompt", "-alias", "ca", "-file", caPem.toString(), "-keystore", store.toString(),
                "-storepass", PASSWORD);
        keytool("-importcert", "-noprompt", "-alias", "server", "-file", signed.toString(), "-keystore", store.toString(),
                "-storepass", PASSWORD);
        return store;
    }

    private static void keytool(String... arguments) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
        command.add("-J-XX:TieredStopAtLevel=1");
        command.addAll(List.of(arguments));
        Process process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
                process.destroyForcibly();
                throw new IOException("keytool " + arguments[0] + " failed: " + output);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }
}
