package io.hawser.samples.websocket;

import jakarta.websocket.CloseReason;
import jakarta.websocket.OnClose;
import jakarta.websocket.OnMessage;
import jakarta.websocket.OnOpen;
import jakarta.websocket.Session;
import jakarta.websocket.server.PathParam;
import jakarta.websocket.server.ServerEndpoint;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A chat room at {@code /websocket/chat/{name}}: every text message a member sends goes to every
 * member, as {@code name: text}; joins and leaves are announced. Found by the deployer's scan
 * ({@code @ServerEndpoint}) and deployed by the server's Jakarta WebSocket implementation.
 */
@ServerEndpoint("/chat/{name}")
public class ChatEndpoint {
    private static final Set<Session> MEMBERS = ConcurrentHashMap.newKeySet();
    /** The longest message relayed, in characters; longer ones are cut. */
    private static final int MAX_LENGTH = 500;

    @OnOpen
    public void join(Session session, @PathParam("name") String name) {
        MEMBERS.add(session);
        broadcast("* " + clean(name) + " joined (" + MEMBERS.size() + " here)");
    }

    @OnMessage
    public void say(Session session, String text, @PathParam("name") String name) {
        broadcast(clean(name) + ": " + (text.length() > MAX_LENGTH ? text.substring(0, MAX_LENGTH) : text));
    }

    @OnClose
    public void leave(Session session, CloseReason reason, @PathParam("name") String name) {
        MEMBERS.remove(session);
        broadcast("* " + clean(name) + " left");
    }

    private static String clean(String name) {
        String n = name.replaceAll("[^\\p{L}\\p{N}_-]", "");
        return n.isEmpty() ? "anonymous" : n.length() > 20 ? n.substring(0, 20) : n;
    }

    private static void broadcast(String line) {
        for (Session member : MEMBERS) {
            if (member.isOpen()) {
                member.getAsyncRemote().sendText(line);
            }
        }
    }
}
