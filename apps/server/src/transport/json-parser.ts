/**
 * socket.io's packet parser with a leaner encoder. The stock encoder walks every payload
 * looking for binary data (Buffers, ArrayBuffers) before serialising it, on every emit;
 * a view is the largest thing this server sends, several times per action, and it never
 * holds anything binary: every server -> client payload is plain JSON (see
 * `serverEventSchemas`). So this encoder serialises directly, writing exactly what the
 * stock one writes for a non-binary packet; decoding (what clients send) is the stock
 * decoder, untouched.
 *
 * Views: every view of a version shares most of its parts (the score history, the house
 * rules, the bids, the melds, the trick...) with the game state, and most parts do not
 * change from one version to the next (the history changes once a hand, the rules once a
 * game). The rules never change a state, or anything in it, once made; so the JSON of
 * such a part is kept per object (weakly) and written again, instead of serialising it
 * for every viewer on every action. A view whose parts are fresh copies just misses the
 * cache. (The wire check of full-games.test.ts compares every view a client receives with
 * the view recomputed from the log, so a part changed in place would not go unnoticed.)
 */
import { Decoder, type Packet, PacketType, protocol } from 'socket.io-parser';

/** Parts of a view that are the game state's own objects (not made for the view). */
const STATE_PARTS = new Set([
  'config',
  'history',
  'toAct',
  'scores',
  'stakes',
  'result',
  'hand',
  'widow',
  'bids',
  'passed',
  'discards',
  'melds',
  'trick',
  'lastTrick',
]);

type Json = Record<string, unknown>;

function isPlainObject(value: unknown): value is Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return (prototype === Object.prototype || prototype === null) && !('toJSON' in value);
}

export class JsonEncoder {
  readonly #fragments = new WeakMap<object, string>();

  encode(packet: Packet): string[] {
    if (packet.type === PacketType.BINARY_EVENT || packet.type === PacketType.BINARY_ACK) {
      throw new Error('this server sends JSON only: no binary packets');
    }
    let text = `${packet.type}`;
    if (packet.nsp && packet.nsp !== '/') text += `${packet.nsp},`;
    if (packet.id != null) text += packet.id;
    if (packet.data != null) text += this.#data(packet.data);
    return [text];
  }

  /** JSON.stringify(data), with a view event's lasting parts from the cache. */
  #data(data: unknown): string {
    if (!Array.isArray(data) || data.length !== 2 || data[0] !== 'view') return JSON.stringify(data);
    const payload: unknown = data[1];
    if (!isPlainObject(payload) || !isPlainObject(payload.view)) return JSON.stringify(data);
    return `["view",${this.#object(payload, (key, value) => (key === 'view' ? this.#view(value as Json) : null))}]`;
  }

  #view(view: Json): string {
    return this.#object(view, (key, value) =>
      STATE_PARTS.has(key) && typeof value === 'object' && value !== null ? this.#lasting(value) : null,
    );
  }

  #lasting(value: object): string {
    let json = this.#fragments.get(value);
    if (json === undefined) {
      json = JSON.stringify(value);
      this.#fragments.set(value, json);
    }
    return json;
  }

  /** JSON.stringify of a plain object, key by key; `special` may serialise a value itself. */
  #object(object: Json, special: (key: string, value: unknown) => string | null): string {
    let text = '{';
    for (const key of Object.keys(object)) {
      const value = object[key];
      // What JSON.stringify leaves out of an object.
      if (value === undefined || typeof value === 'function' || typeof value === 'symbol') continue;
      if (text.length > 1) text += ',';
      text += `${JSON.stringify(key)}:${special(key, value) ?? JSON.stringify(value)}`;
    }
    return `${text}}`;
  }
}

/** socket.io's `parser` option: this encoder, the stock decoder. */
export const jsonParser = { protocol, PacketType, Encoder: JsonEncoder, Decoder };
