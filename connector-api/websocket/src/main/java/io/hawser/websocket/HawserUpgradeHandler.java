package io.hawser.websocket;

import io.hawser.servlet.GracefulUpgradeHandler;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.http.WebConnection;
import jakarta.websocket.CloseReason;
import java.io.IOException;
import org.glassfish.tyrus.servlet.TyrusHttpUpgradeHandler;
import org.glassfish.tyrus.spi.Connection;
import org.glassfish.tyrus.spi.WebSocketEngine;
import org.glassfish.tyrus.spi.Writer;

/**
 * Tyrus's upgrade handler with what Hawser adds to it: the client's frames are checked before Tyrus
 * reads them ({@link ClientFrameCheck}: an unmasked frame closes with 1002, RFC 6455 §5.1), and a
 * graceful stop of the connector closes the session with 1001, Going Away (RFC 6455 §7.4.1), then
 * the connection once the client answered (or at the stop's deadline).
 *
 * <p>Made by the container in place of {@link TyrusHttpUpgradeHandler} when Tyrus's filter upgrades
 * a request ({@link UpgradeSubstitution}); public with a no-arg constructor for that reason only.
 */
public final class HawserUpgradeHandler extends TyrusHttpUpgradeHandler implements GracefulUpgradeHandler {
    private volatile Connection connection;

    /** Made by the container ({@code HttpServletRequest.upgrade}). */
    public HawserUpgradeHandler() {
    }

    @Override
    public void preInit(WebSocketEngine.UpgradeInfo upgradeInfo, Writer writer, boolean authenticated) {
        super.preInit(new WebSocketEngine.UpgradeInfo() {
            @Override
            public WebSocketEngine.UpgradeStatus getStatus() {
                return upgradeInfo.getStatus();
            }

            @Override
            public Connection createConnection(Writer w, Connection.CloseListener closeListener) {
                Connection c = upgradeInfo.createConnection(w, closeListener);
                connection = c;
                return c;
            }
        }, writer, authenticated);
    }

    @Override
    public void init(WebConnection wc) {
        ServletInputStream checked = new ClientFrameCheck(inputOf(wc), () -> close(CloseReason.CloseCodes.PROTOCOL_ERROR,
                "protocol error"));
        super.init(new WebConnection() {
            @Override
            public ServletInputStream getInputStream() {
                return checked;
            }

            @Override
            public ServletOutputStream getOutputStream() throws IOException {
                return wc.getOutputStream();
            }

            @Override
            public void close() throws Exception {
                wc.close();
            }
        });
    }

    private static ServletInputStream inputOf(WebConnection wc) {
        try {
            return wc.getInputStream();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Closes the session with 1001 (Going Away): Tyrus writes the close frame and tells the endpoint. */
    @Override
    public void serverStopping() {
        close(CloseReason.CloseCodes.GOING_AWAY, "server stopping");
    }

    private void close(CloseReason.CloseCodes code, String reason) {
        Connection c = connection;
        if (c != null) {
            c.close(new CloseReason(code, reason));
        }
    }
}
