package io.hawser.api;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A set of addresses whose forwarded fields are believed (RFC 7239 §8.1, "the proxies the server
 * trusts"): IPv4 and IPv6 CIDR blocks such as {@code 10.0.0.0/8}, {@code 192.168.1.7} (one
 * address) or {@code fd00::/8}. Immutable; {@link #NONE}, the default everywhere, trusts nobody.
 * Addresses are compared as bytes; an IPv4-mapped IPv6 address ({@code ::ffff:10.1.2.3}) is
 * matched as the IPv4 address it carries.
 */
public final class TrustedProxies {
    /** Trusts no address: forwarded fields are never acted on. */
    public static final TrustedProxies NONE = new TrustedProxies(List.of(), "");

    private final List<byte[]> networks;
    private final List<Integer> prefixes;
    private final String text;

    private TrustedProxies(List<String> blocks, String text) {
        this.networks = new ArrayList<>(blocks.size());
        this.prefixes = new ArrayList<>(blocks.size());
        this.text = text;
        for (String block : blocks) {
            int slash = block.indexOf('/');
            byte[] address = parseLiteral(slash < 0 ? block : block.substring(0, slash));
            if (address == null) {
                throw new IllegalArgumentException("not an IP address in a trusted proxy block: " + block);
            }
            int bits = address.length * 8;
            int prefix = bits;
            if (slash >= 0) {
                String p = block.substring(slash + 1);
                if (p.isEmpty() || p.length() > 3 || !p.chars().allMatch(c -> c >= '0' && c <= '9')
                        || (prefix = Integer.parseInt(p)) > bits) {
                    throw new IllegalArgumentException("bad prefix length in a trusted proxy block: " + block);
                }
            }
            networks.add(mask(address, prefix));
            prefixes.add(prefix);
        }
    }

    /**
     * @param list comma-separated CIDR blocks or single addresses (IP literals only, never host
     *     names; IPv6 without brackets), blanks around commas allowed; empty for {@link #NONE}
     * @return the set
     * @throws IllegalArgumentException naming the first block that is not an address or has a
     *     prefix length outside 0..32 (IPv4) or 0..128 (IPv6)
     */
    public static TrustedProxies parse(String list) {
        List<String> blocks = new ArrayList<>();
        for (String b : list.split(",")) {
            if (!b.isBlank()) {
                blocks.add(b.strip().toLowerCase(Locale.ROOT));
            }
        }
        return blocks.isEmpty() ? NONE : new TrustedProxies(blocks, String.join(",", blocks));
    }

    /** @return whether no address is trusted */
    public boolean isEmpty() {
        return networks.isEmpty();
    }

    /**
     * @param address an address, or {@code null}
     * @return whether it lies in one of the blocks
     */
    public boolean contains(InetAddress address) {
        return address != null && contains(address.getAddress());
    }

    /**
     * @param address 4 or 16 address bytes
     * @return whether they lie in one of the blocks
     */
    boolean contains(byte[] address) {
        byte[] a = unmapped(address);
        for (int i = 0; i < networks.size(); i++) {
            byte[] net = networks.get(i);
            if (net.length == a.length && java.util.Arrays.equals(mask(a, prefixes.get(i)), net)) {
                return true;
            }
        }
        return false;
    }

    /** @return the blocks as given, comma-separated */
    @Override
    public String toString() {
        return text;
    }

    private static byte[] mask(byte[] address, int prefix) {
        byte[] m = address.clone();
        for (int i = 0; i < m.length; i++) {
            int keep = Math.max(0, Math.min(8, prefix - i * 8));
            m[i] &= (byte) (0xFF << (8 - keep));
        }
        return m;
    }

    private static byte[] unmapped(byte[] a) {
        if (a.length != 16) {
            return a;
        }
        for (int i = 0; i < 10; i++) {
            if (a[i] != 0) {
                return a;
            }
        }
        return a[10] == (byte) 0xFF && a[11] == (byte) 0xFF ? java.util.Arrays.copyOfRange(a, 12, 16) : a;
    }

    /**
     * Parses an IP literal without any name lookup.
     *
     * @param s dotted-quad IPv4 ({@code 10.0.0.1}, no leading zeros) or IPv6 (RFC 4291 §2.2, no
     *     brackets, no zone)
     * @return its 4 or 16 bytes, or {@code null} when it is not such a literal
     */
    static byte[] parseLiteral(String s) {
        if (s.isEmpty() || s.length() > 45) {
            return null;
        }
        if (s.indexOf(':') < 0) {
            return parseIpv4(s);
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' || c == ':' || c == '.')) {
                return null;
            }
        }
        int lastColon = s.lastIndexOf(':');
        if (s.indexOf('.') >= 0 && parseIpv4(s.substring(lastColon + 1)) == null) {
            return null;
        }
        try {
            // Only hex digits, colons and a dotted tail reach here: the JDK parses it as a literal, no DNS.
            byte[] a = InetAddress.getByName("[" + s + "]").getAddress();
            return a.length == 4 ? mapped(a) : a;
        } catch (UnknownHostException e) {
            return null;
        }
    }

    private static byte[] mapped(byte[] v4) {
        byte[] a = new byte[16];
        a[10] = (byte) 0xFF;
        a[11] = (byte) 0xFF;
        System.arraycopy(v4, 0, a, 12, 4);
        return a;
    }

    private static byte[] parseIpv4(String s) {
        String[] parts = s.split("\\.", -1);
        if (parts.length != 4) {
            return null;
        }
        byte[] a = new byte[4];
        for (int i = 0; i < 4; i++) {
            String p = parts[i];
            if (p.isEmpty() || p.length() > 3 || p.length() > 1 && p.charAt(0) == '0'
                    || !p.chars().allMatch(c -> c >= '0' && c <= '9')) {
                return null;
            }
            int v = Integer.parseInt(p);
            if (v > 255) {
                return null;
            }
            a[i] = (byte) v;
        }
        return a;
    }
}
