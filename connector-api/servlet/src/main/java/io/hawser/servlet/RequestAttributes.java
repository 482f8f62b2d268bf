package io.hawser.servlet;

import io.hawser.api.TlsInfo;
import jakarta.servlet.ServletRequest;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.Map;

/**
 * The attributes of one request (Servlet 6.1 §3.10), created on first use, with
 * {@code ServletRequestAttributeListener} events. Used by one thread at a time, like the request.
 *
 * <p>On a TLS request the container's attributes are there from the start (put without events,
 * as Tomcat's and Jetty's, and listed by {@code getAttributeNames}): {@value #CERTIFICATES}
 * ({@code X509Certificate[]}, leaf first; only when the client sent a verified chain),
 * {@value #CIPHER_SUITE} ({@code String}), {@value #KEY_SIZE} ({@code Integer}, bits),
 * {@value #SESSION_ID} ({@code String}, hex) and {@value #PROTOCOL} ({@code String}, e.g.
 * {@code TLSv1.3}). An application may replace or remove them like any other attribute.
 */
final class RequestAttributes {
    /** The client's certificate chain (Servlet 6.1 §3.10). */
    static final String CERTIFICATES = "jakarta.servlet.request.X509Certificate";
    /** The cipher suite (Servlet 6.1 §3.10). */
    static final String CIPHER_SUITE = "jakarta.servlet.request.cipher_suite";
    /** The bulk cipher's key size in bits (Servlet 6.1 §3.10). */
    static final String KEY_SIZE = "jakarta.servlet.request.key_size";
    /** The TLS session id (Servlet 6.1 §3.10). */
    static final String SESSION_ID = "jakarta.servlet.request.ssl_session_id";
    /** The TLS protocol version (Servlet 6.1 {@code ServletRequest}; Tomcat 11 sets it too). */
    static final String PROTOCOL = "jakarta.servlet.request.secure_protocol";

    private final ServletRequest request;
    private final ContextListeners listeners;
    /** What the TLS connection negotiated, until its attributes are in {@link #map}; {@code null} after, or on cleartext. */
    private TlsInfo tls;
    private Map<String, Object> map;

    /**
     * @param request the request the events name
     * @param listeners told of changes
     * @param tls the exchange's TLS values, or {@code null} on cleartext
     */
    RequestAttributes(ServletRequest request, ContextListeners listeners, TlsInfo tls) {
        this.request = request;
        this.listeners = listeners;
        this.tls = tls;
    }

    /** Puts the TLS attributes in on first use, so a cleartext request or one that never asks pays nothing. */
    private void presetTls() {
        if (tls == null) {
            return;
        }
        TlsInfo info = tls;
        tls = null;
        if (map == null) {
            map = new HashMap<>();
        }
        X509Certificate[] chain = info.peerCertificates();
        if (chain != null && chain.length > 0) {
            map.put(CERTIFICATES, chain);
        }
        putIfPresent(CIPHER_SUITE, info.cipherSuite());
        if (info.keySize() > 0) {
            map.put(KEY_SIZE, info.keySize());
        }
        putIfPresent(SESSION_ID, info.sessionId());
        putIfPresent(PROTOCOL, info.protocol());
    }

    private void putIfPresent(String name, String value) {
        if (value != null && !value.isEmpty()) {
            map.put(name, value);
        }
    }

    Object get(String name) {
        presetTls();
        return map == null || name == null ? null : map.get(name);
    }

    Enumeration<String> names() {
        presetTls();
        return map == null ? Collections.emptyEnumeration() : Collections.enumeration(new ArrayList<>(map.keySet()));
    }

    /** {@code setAttribute}: a {@code null} value removes. @throws IllegalArgumentException for a null name */
    void set(String name, Object value) {
        if (name == null) {
            throw new IllegalArgumentException("null attribute name");
        }
        presetTls();
        if (value == null) {
            remove(name);
            return;
        }
        if (map == null) {
            map = new HashMap<>();
        }
        Object old = map.put(name, value);
        listeners.requestAttribute(request, old == null ? ContextListeners.Change.ADDED
                : ContextListeners.Change.REPLACED, name, old == null ? value : old);
    }

    void remove(String name) {
        presetTls();
        Object old = map == null || name == null ? null : map.remove(name);
        if (old != null) {
            listeners.requestAttribute(request, ContextListeners.Change.REMOVED, name, old);
        }
    }
}
