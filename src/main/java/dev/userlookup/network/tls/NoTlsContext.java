package dev.userlookup.network.tls;

import java.security.SecureRandom;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLContextSpi;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLServerSocketFactory;
import javax.net.ssl.SSLSessionContext;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManager;

/**
 * The TLS context of a client that only ever speaks plain http (redirects stay on the same
 * origin): every use fails. The HttpClient wants a context even then, and any real one, even
 * uninitialised, sets up the JDK's TLS stack first (its providers, cipher suites and crypto
 * policy), a start-up cost a plain-http run would pay for nothing.
 */
public final class NoTlsContext extends SSLContext {

    public NoTlsContext() {
        super(new Refusing(), null, "none");
    }

    private static final class Refusing extends SSLContextSpi {

        private static IllegalStateException refused() {
            return new IllegalStateException("TLS on a client made for plain http");
        }

        @Override
        protected void engineInit(KeyManager[] keys, TrustManager[] trust, SecureRandom random) {
            throw refused();
        }

        @Override
        protected SSLSocketFactory engineGetSocketFactory() {
            throw refused();
        }

        @Override
        protected SSLServerSocketFactory engineGetServerSocketFactory() {
            throw refused();
        }

        @Override
        protected SSLEngine engineCreateSSLEngine() {
            throw refused();
        }

        @Override
        protected SSLEngine engineCreateSSLEngine(String host, int port) {
            throw refused();
        }

        @Override
        protected SSLSessionContext engineGetServerSessionContext() {
            throw refused();
        }

        @Override
        protected SSLSessionContext engineGetClientSessionContext() {
            throw refused();
        }
    }
}
