import Foundation
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOHTTP1

/// `--share`'s check for the WebSocket (docs/Preview.md, "On your phone"): HummingbirdWebSocket
/// answers every refused upgrade with 400, so the token of a `/ws` request is checked before the
/// upgrade handler sees it, and a request without it gets 403 like the page does. Plain HTTP
/// requests are checked by `PreviewTokenMiddleware` in the router.
struct PreviewTokenGatedChannel: ServerChildChannel {
    typealias Value = HTTP1WebSocketUpgradeChannel.Value
    let inner: HTTP1WebSocketUpgradeChannel
    let token: String

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let future = inner.setup(channel: channel, logger: logger)
        do {
            // The upgradable pipeline is in place by now (set up synchronously on the event loop,
            // before the channel reads): the gate goes right after the request decoder.
            let decoder = try channel.pipeline.syncOperations.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try channel.pipeline.syncOperations.addHandler(PreviewTokenGate(token: token), position: .after(decoder))
        } catch {
            logger.error("flipbook preview: could not install the token gate: \(error)")
            channel.close(promise: nil)
        }
        return future
    }

    func handle(value: Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}

/// Lets the first request of a connection through when it is not for `/ws` or carries the token;
/// answers 403 and closes otherwise. Removes itself after the first request (an upgraded
/// connection carries WebSocket frames from then on; a plain one is checked by the router).
final class PreviewTokenGate: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart
    let token: String
    private var refusing = false

    init(token: String) { self.token = token }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if refusing { return }
        guard case .head(let head) = unwrapInboundIn(data) else {
            context.fireChannelRead(data)
            return
        }
        let path = head.uri.split(separator: "?", maxSplits: 1).first.map(String.init) ?? head.uri
        if path != "/ws" || Self.allowed(head, token: token) {
            context.fireChannelRead(data)
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
            return
        }
        refusing = true
        let body = context.channel.allocator.buffer(string: "403 Forbidden: open the URL flipbook printed, with its token.\n")
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
        headers.add(name: "Content-Length", value: "\(body.readableBytes)")
        headers.add(name: "Connection", value: "close")
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: .forbidden, headers: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
    }

    /// Whether the request carries the token, in its query or in the preview's cookie.
    static func allowed(_ head: HTTPRequestHead, token: String) -> Bool {
        if let query = URLComponents(string: head.uri)?.queryItems,
            let given = query.first(where: { $0.name == "token" })?.value
        {
            return PreviewServer.constantTimeEqual(given, token)
        }
        for cookieHeader in head.headers["Cookie"] {
            for part in cookieHeader.split(separator: ";") {
                let pair = part.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
                if pair.count == 2, pair[0] == "flipbook_token" {
                    return PreviewServer.constantTimeEqual(String(pair[1]), token)
                }
            }
        }
        return false
    }
}
