/**
 * The game being played at a table: the rules' state, its secret seed, and the seats
 * people have held in it. Only `apply` moves it on; the server never trusts a client.
 */
import {
  type Action,
  apply,
  type GameConfig,
  type GameState,
  type GameView,
  replay,
  type Seat,
  type Viewer,
  view,
} from '@kibitz/rules';
import { type Outcome, refuse } from './outcome.ts';

export class RunningGame {
  /** Which seat each member has held during this game: nobody gets to see two hands. */
  readonly seatHolders = new Map<string, Seat>();
  /** The views of `#viewsOf` (the current state), each computed at most once. */
  readonly #views = new Map<Viewer, GameView>();
  #viewsOf: GameState | null = null;

  constructor(
    readonly id: string,
    readonly number: number,
    readonly config: GameConfig,
    /** SECRET: drives every shuffle. Never leaves the server while the game runs. */
    readonly seed: string,
    public state: GameState,
  ) {}

  /** Rebuilds a game from its log; fails if the log does not replay (a corrupt or foreign log). */
  static fromLog(
    id: string,
    number: number,
    config: GameConfig,
    seed: string,
    actions: readonly { seat: Seat; action: Action }[],
  ): RunningGame | Error {
    const replayed = replay(config, seed, actions);
    if (!replayed.ok) {
      return new Error(
        `game ${id}: logged action #${replayed.index} does not replay (${replayed.rejection.code}: ${replayed.rejection.message})`,
      );
    }
    return new RunningGame(id, number, config, seed, replayed.state);
  }

  get finished(): boolean {
    return this.state.phase === 'game-over';
  }

  get version(): number {
    return this.state.version;
  }

  /**
   * What `action` from `seat` would lead to, answering view `version`, applied to the
   * current state. Changes nothing: the caller stores the action first (at the current
   * version) and then calls `advance`.
   */
  judge(seat: Seat, version: number, action: Action): Outcome<{ next: GameState }> {
    if (version !== this.state.version && !this.#onSameResultPanel(version, action)) {
      return refuse(
        'stale-version',
        `That answers version ${version}, but the game is at version ${this.state.version}`,
      );
    }
    const result = apply(this.state, seat, action);
    if (!result.ok) return refuse(result.rejection.code, result.rejection.message);
    return { ok: true, next: result.state };
  }

  /**
   * Continue answers the result panel, not one version of it: players who press it at
   * the same moment each answer the version they saw, and each press counts. (A second
   * press from the same seat is refused by the rules: that seat is no longer to act.)
   * Each Continue is one version, so the panel opened as many versions ago as seats
   * have continued.
   */
  #onSameResultPanel(version: number, action: Action): boolean {
    const { state } = this;
    if (action.type !== 'continue' || state.phase !== 'hand-end') return false;
    const opened = state.version - (state.seatCount - state.toAct.length);
    return version >= opened && version < state.version;
  }

  /**
   * `view(state, viewer)` of the current state, computed once per version and viewer:
   * every spectator, every socket of a seat, and every catch-up share it. Views are
   * never changed once made (they are only serialised), so sharing them is safe.
   */
  viewFor(viewer: Viewer): GameView {
    if (this.#viewsOf !== this.state) {
      this.#views.clear();
      this.#viewsOf = this.state;
    }
    let cached = this.#views.get(viewer);
    if (cached === undefined) {
      cached = view(this.state, viewer);
      this.#views.set(viewer, cached);
    }
    return cached;
  }

  advance(next: GameState): GameState {
    const previous = this.state;
    this.state = next;
    return previous;
  }
}
