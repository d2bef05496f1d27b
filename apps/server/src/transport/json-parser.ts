/**
 * socket.io's packet parser with a leaner encoder. The stock encoder walks every payload
 * looking for binary data (Buffers, ArrayBuffers) before serialising it, on every emit;
 * a view is the largest thing this server sends, several times per action, and it never
 * holds anything binary: every server -> client payload is plain JSON (see
 * `serverEventSchemas`). So this encoder serialises directly, writing exactly what the
 * stock one writes for a non-binary packet; decoding (what clients send) is the stock
 * decoder, untouched.
 *
 * (It used to keep the JSON of a view's lasting parts per object. Now that views travel
 * as changes (view-delta.ts), a view is a few hundred bytes and one JSON.stringify of it
 * is faster than putting it together from cached pieces.)
 */
import { Decoder, type Packet, PacketType, protocol } from 'socket.io-parser';

export class JsonEncoder {
  encode(packet: Packet): string[] {
    if (packet.type === PacketType.BINARY_EVENT || packet.type === PacketType.BINARY_ACK) {
      throw new Error('this server sends JSON only: no binary packets');
    }
    let text = `${packet.type}`;
    if (packet.nsp && packet.nsp !== '/') text += `${packet.nsp},`;
    if (packet.id != null) text += packet.id;
    if (packet.data != null) text += JSON.stringify(packet.data);
    return [text];
  }
}

/**
 * The stock decoder, refusing ack ids no client could read back: socket.io reads any
 * run of digits as the id, and 10^23 would be answered as "1e+23". A packet like that
 * is malformed, like any other the decoder cannot read (the connection is closed).
 */
export class SafeDecoder extends Decoder {
  override add(chunk: unknown): void {
    if (typeof chunk === 'string') {
      const id = /^\d(?:[^,\d[{"]*,)?(\d+)/.exec(chunk)?.[1];
      if (id !== undefined && !(Number(id) <= MAX_ACK_ID)) throw new Error('ack id out of range');
    }
    super.add(chunk);
  }
}

/** socket.io-client counts its ack ids up from 0; anything past this is not a real client. */
const MAX_ACK_ID = 2 ** 31 - 1;

/** socket.io's `parser` option: this encoder, the stock decoder (bar absurd ack ids). */
export const jsonParser = { protocol, PacketType, Encoder: JsonEncoder, Decoder: SafeDecoder };
