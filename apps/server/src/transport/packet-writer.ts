/**
 * Writes one event to sockets the way socket.io's own broadcast does (socket.io-adapter's
 * `broadcast`): the packet encoded once (json-parser.ts) and, for WebSocket transports, its
 * frame made once, then handed to each socket's engine.io connection as it is. Without
 * this, `socket.emit` to one socket goes through socket.io's per-socket packet path and ws
 * frames the text again and has Node copy the string into the kernel write; the table
 * sends several packets per action, most of them to one socket each (each seat its own
 * view). The bytes on the wire are the same either way: the encoder is the one the server
 * is configured with, and the frame is ws's own (`Sender.frame`), as the adapter makes it.
 */
import type { Socket } from 'socket.io';
import { type Packet, PacketType } from 'socket.io-parser';
import WebSocket from 'ws';
import { JsonEncoder } from './json-parser.ts';

/** ws's frame builder: public on `WebSocket.Sender`, not in @types/ws. */
const frameOf = (
  WebSocket as unknown as {
    Sender: {
      frame(
        data: Buffer,
        options: { readOnly: boolean; mask: boolean; rsv1: boolean; opcode: number; fin: boolean },
      ): Buffer[];
    };
  }
).Sender.frame;

/** What socket.io's client takes for a packet encoded already (socket.io-adapter passes the same). */
interface PreEncodedOptions {
  preEncoded: true;
  wsPreEncodedFrame?: Buffer[];
}

interface PacketClient {
  _packet(packet: string[], options: PreEncodedOptions): void;
}

const encoder = new JsonEncoder();

/** Sends `event` with `payload` to every socket given (those gone already are skipped). */
export function writeEvent(sockets: readonly (Socket | undefined)[], event: string, payload: unknown): void {
  const packet: Packet = { type: PacketType.EVENT, nsp: '/', data: [event, payload] };
  const encoded = encoder.encode(packet);
  const text = encoded[0]!;
  // engine.io's message packet is '4' + the socket.io packet; a WebSocket carries it as one
  // text frame (engine.io uses the frame only when the transport is a WebSocket without
  // per-message deflate, as for a broadcast).
  const options: PreEncodedOptions = {
    preEncoded: true,
    wsPreEncodedFrame: frameOf(Buffer.from(`4${text}`), {
      readOnly: false,
      mask: false,
      rsv1: false,
      opcode: 1,
      fin: true,
    }),
  };
  for (const socket of sockets) {
    if (socket === undefined) continue;
    (socket.client as unknown as PacketClient)._packet(encoded, options);
  }
}
