package io.hawser.session.redis;

import io.hawser.servlet.SessionData;
import io.hawser.servlet.SessionDataStore;
import io.hawser.servlet.SessionStoreUnavailableException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import org.apache.commons.pool2.impl.GenericObjectPoolConfig;
import redis.clients.jedis.Connection;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.util.JedisURIHelper;

/**
 * Sessions in Redis through Jedis: one hash a session, key {@code hawser:session:CONTEXT:ID}, fields
 * {@code #c} creation, {@code #a} last access, {@code #i} interval, {@code #e} expiry (epoch ms) and one
 * field an attribute, so concurrent requests on several instances keep the last write per attribute.
 * Redis expires the key itself ({@code PEXPIRE} the max inactive interval, renewed by every save), so
 * no instance scans; a load also checks {@code #e}. A save of an existing session and a rename run as
 * Lua scripts: atomic, and neither brings back a session that is gone. Connect and socket timeouts,
 * and the pool's wait, are the given bound.
 *
 * <p>Sessions that Redis expires end without {@code sessionDestroyed} or {@code valueUnbound}: no
 * instance sees them go ({@code docs/sessions.md}).
 */
public final class RedisSessionDataStore implements SessionDataStore {
    private static final byte[] SAVE = bytes("""
            if ARGV[1] == '0' and redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
            redis.call('HSET', KEYS[1], '#c', ARGV[2], '#a', ARGV[3], '#i', ARGV[4], '#e', ARGV[5])
            local i = 8
            for k = 1, tonumber(ARGV[7]) do
              redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1])
              i = i + 2
            end
            while i <= #ARGV do
              redis.call('HDEL', KEYS[1], ARGV[i])
              i = i + 1
            end
            if ARGV[6] == '0' then redis.call('PERSIST', KEYS[1]) else redis.call('PEXPIRE', KEYS[1], ARGV[6]) end
            return 1
            """);
    private static final byte[] RENAME = bytes("""
            local e = redis.call('HGET', KEYS[1], '#e')
            if not e or tonumber(e) <= tonumber(ARGV[1]) then return 0 end
            if redis.call('EXISTS', KEYS[2]) == 1 then return 0 end
            redis.call('RENAME', KEYS[1], KEYS[2])
            return 1
            """);

    private final RedisClient client;
    private final String name;

    private RedisSessionDataStore(RedisClient client, String name) {
        this.client = client;
        this.name = name;
    }

    /**
     * Connects (and checks with {@code PING}).
     *
     * @param uri {@code redis://[USER:PASSWORD@]HOST[:PORT][/DB]}, or {@code rediss://} for TLS
     * @param timeout the connect and socket timeout, and the longest wait for a pooled connection
     * @return the store
     * @throws IllegalArgumentException for a malformed URI
     * @throws SessionStoreUnavailableException when Redis cannot be reached
     */
    public static RedisSessionDataStore open(String uri, Duration timeout) {
        URI u = URI.create(uri);
        if (!JedisURIHelper.isValid(u)) {
            throw new IllegalArgumentException("not a Redis URI (redis://HOST[:PORT][/DB]): " + uri);
        }
        int millis = (int) Math.min(Integer.MAX_VALUE, Math.max(1, timeout.toMillis()));
        DefaultJedisClientConfig.Builder config = DefaultJedisClientConfig.builder().connectionTimeoutMillis(millis)
                .socketTimeoutMillis(millis).ssl(JedisURIHelper.isRedisSSLScheme(u));
        if (JedisURIHelper.getUser(u) != null) {
            config.user(JedisURIHelper.getUser(u));
        }
        if (JedisURIHelper.getPassword(u) != null) {
            config.password(JedisURIHelper.getPassword(u));
        }
        if (JedisURIHelper.hasDbIndex(u)) {
            config.database(JedisURIHelper.getDBIndex(u));
        }
        GenericObjectPoolConfig<Connection> pool = new GenericObjectPoolConfig<>();
        pool.setMaxTotal(64);
        pool.setMaxWait(timeout);
        RedisClient client = RedisClient.builder().hostAndPort(JedisURIHelper.getHostAndPort(u))
                .clientConfig(config.build()).poolConfig(pool).build();
        RedisSessionDataStore store = new RedisSessionDataStore(client, u.getScheme() + "://" + u.getHost()
                + (u.getPort() > 0 ? ":" + u.getPort() : "") + (u.getPath() == null ? "" : u.getPath()));
        try {
            store.call(client::ping);
        } catch (SessionStoreUnavailableException e) {
            client.close();
            throw e;
        }
        return store;
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] key(String context, String id) {
        return bytes("hawser:session:" + context + ":" + id);
    }

    private <T> T call(Supplier<T> command) {
        try {
            return command.get();
        } catch (RuntimeException e) {
            throw new SessionStoreUnavailableException("session store " + name + ": " + e.getMessage(), e);
        }
    }

    @Override
    public SessionData load(String context, String id, long nowMillis) {
        Map<byte[], byte[]> hash = call(() -> client.hgetAll(key(context, id)));
        Map<String, byte[]> attributes = new LinkedHashMap<>();
        Map<String, String> meta = new LinkedHashMap<>();
        for (Map.Entry<byte[], byte[]> e : hash.entrySet()) {
            String field = new String(e.getKey(), StandardCharsets.UTF_8);
            if (field.startsWith("#")) {
                meta.put(field, new String(e.getValue(), StandardCharsets.US_ASCII));
            } else {
                attributes.put(field, e.getValue());
            }
        }
        if (!meta.containsKey("#e") || Long.parseLong(meta.get("#e")) <= nowMillis) {
            return null;
        }
        return new SessionData(id, Long.parseLong(meta.get("#c")), Long.parseLong(meta.get("#a")),
                Integer.parseInt(meta.get("#i")), attributes);
    }

    @Override
    public boolean save(String context, SessionData data, Set<String> removed, boolean isNew) {
        List<byte[]> args = new ArrayList<>();
        args.add(bytes(isNew ? "1" : "0"));
        args.add(bytes(Long.toString(data.creationTime())));
        args.add(bytes(Long.toString(data.lastAccessedTime())));
        args.add(bytes(Integer.toString(data.maxInactiveInterval())));
        args.add(bytes(Long.toString(data.expiry())));
        args.add(bytes(Long.toString(data.maxInactiveInterval() <= 0 ? 0 : data.maxInactiveInterval() * 1000L)));
        args.add(bytes(Integer.toString(data.attributes().size())));
        for (Map.Entry<String, byte[]> e : data.attributes().entrySet()) {
            args.add(bytes(e.getKey()));
            args.add(e.getValue());
        }
        for (String r : removed) {
            args.add(bytes(r));
        }
        Object written = call(() -> client.eval(SAVE, List.of(key(context, data.id())), args));
        return Long.valueOf(1).equals(written);
    }

    @Override
    public boolean delete(String context, String id) {
        return call(() -> client.del(key(context, id))) > 0;
    }

    @Override
    public boolean rename(String context, String oldId, String newId, long nowMillis) {
        Object renamed = call(() -> client.eval(RENAME, List.of(key(context, oldId), key(context, newId)),
                List.of(bytes(Long.toString(nowMillis)))));
        return Long.valueOf(1).equals(renamed);
    }

    /** @return nothing: Redis expires the keys itself */
    @Override
    public List<SessionData> expire(String context, long nowMillis, int max) {
        return List.of();
    }

    @Override
    public void close() {
        client.close();
    }

    /** @return the URI without user and password */
    @Override
    public String toString() {
        return name;
    }
}
