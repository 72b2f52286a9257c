import { Aedes } from 'aedes';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { WebSocketServer, createWebSocketStream } from 'ws';

// The raw broker of the telemetry benchmark: aedes with no authentication, no rules and no
// portal behind it, MQTT over TCP and over websocket at /mqtt, exactly as the portal opens them.
const aedes = await Aedes.createBroker({ drainTimeout: 10_000 });
const tcp = createServer((socket: Socket) => {
  socket.setNoDelay(true);
  aedes.handle(socket);
});
const http = createHttpServer((_req, res) => res.writeHead(404).end());
const wss = new WebSocketServer({ noServer: true, handleProtocols: (p) => (p.has('mqtt') ? 'mqtt' : false) });
http.on('upgrade', (request, socket, head) => {
  (socket as Socket).setNoDelay(true);
  wss.handleUpgrade(request, socket, head, (ws) => aedes.handle(createWebSocketStream(ws), request));
});
// The bench picks the ports (BARE_TCP_PORT, BARE_WS_PORT); 0 lets the system choose.
await new Promise<void>((resolve) => tcp.listen(Number(process.env.BARE_TCP_PORT ?? 0), '127.0.0.1', resolve));
await new Promise<void>((resolve) => http.listen(Number(process.env.BARE_WS_PORT ?? 0), '127.0.0.1', resolve));
console.log(`bare aedes listening tcp ${(tcp.address() as AddressInfo).port} ws ${(http.address() as AddressInfo).port}`);
// Nothing to keep: a benchmark broker just ends.
process.on('SIGTERM', () => process.exit(0));
