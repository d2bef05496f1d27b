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

/** socket.io's `parser` option: this encoder, the stock decoder. */
export const jsonParser = { protocol, PacketType, Encoder: JsonEncoder, Decoder };
