import type { TableState } from '@kibitz/protocol';
import { createGame, defaultConfig, view } from '@kibitz/rules/pinochle';
import { describe, expect, it } from 'vitest';
import { currentView, emptySession, gameRunning, isHost, isMember, mySeat, reduce } from './table-state.ts';

const config = defaultConfig('cutthroat');
const state = createGame(config, 'table-state-test');

function tableState(overrides: Partial<TableState> = {}): TableState {
  return {
    code: 'AAAA-BBBB-CC',
    name: 'Friday',
    listed: false,
    hostId: 'p-host',
    rules: config,
    settings: {
      seatGraceSeconds: 120,
      botStandIn: false,
      turnTimerSeconds: null,
      pace: 'normal',
      trickPauseMs: null,
      handEndSeconds: 10,
      spectatorChat: true,
      playAids: true,
      hints: false,
    },
    seats: [
      {
        seat: 0,
        player: {
          id: 'p-host',
          name: 'Ann',
          bot: false,
          botLevel: null,
          connected: true,
          standIn: false,
          heldUntil: null,
        },
        heldFor: null,
      },
      {
        seat: 1,
        player: {
          id: 'p-bo',
          name: 'Bo',
          bot: false,
          botLevel: null,
          connected: true,
          standIn: false,
          heldUntil: null,
        },
        heldFor: null,
      },
      { seat: 2, player: null, heldFor: null },
    ],
    spectators: [],
    watchers: 0,
    game: { id: 'g1', number: 1, status: 'running', version: 0, hints: [0, 0, 0] },
    playAgain: [],
    ...overrides,
  };
}

describe('table session reducer', () => {
  it('builds the session from welcome, table and view', () => {
    let session = emptySession('AAAA-BBBB-CC');
    session = reduce(
      session,
      {
        event: 'welcome',
        payload: {
          table: 'AAAA-BBBB-CC',
          playerId: 'p-bo',
          token: 't',
          seat: 1,
          host: false,
        },
      },
      0,
    );
    session = reduce(session, { event: 'table', payload: tableState() }, 0);
    session = reduce(
      session,
      { event: 'view', payload: { gameId: 'g1', version: 0, view: view(state, 1) } },
      5,
    );
    expect(mySeat(session)).toBe(1);
    expect(isHost(session)).toBe(false);
    expect(isMember(session)).toBe(true);
    expect(gameRunning(session)).toBe(true);
    expect(currentView(session)?.viewer).toBe(1);
    expect(session.game?.receivedAt).toBe(5);
    expect(session.game?.turnEndsAt).toBeNull();
  });

  it("counts the turn timer from the server's time left, on this page's clock", () => {
    let session = emptySession('X');
    session = reduce(
      session,
      { event: 'view', payload: { gameId: 'g1', version: 3, view: view(state, 0), turnTimeLeft: 12_500 } },
      1_000,
    );
    expect(session.game?.turnEndsAt).toBe(13_500);
    // The next view without a timer (a bot to act, or no timer): no countdown.
    session = reduce(
      session,
      { event: 'view', payload: { gameId: 'g1', version: 4, view: view(state, 0) } },
      2_000,
    );
    expect(session.game?.turnEndsAt).toBeNull();
  });

  it('never goes back to an older view of the same game, but takes a new game', () => {
    let session = emptySession('X');
    session = reduce(
      session,
      { event: 'view', payload: { gameId: 'g1', version: 5, view: view(state, 0) } },
      0,
    );
    session = reduce(
      session,
      { event: 'view', payload: { gameId: 'g1', version: 4, view: view(state, 0) } },
      0,
    );
    expect(session.game?.version).toBe(5);
    session = reduce(
      session,
      { event: 'view', payload: { gameId: 'g1', version: 5, view: view(state, 'spectator') } },
      0,
    );
    expect(session.game?.view.viewer).toBe('spectator');
    session = reduce(
      session,
      { event: 'view', payload: { gameId: 'g2', version: 0, view: view(state, 0) } },
      0,
    );
    expect(session.game).toMatchObject({ gameId: 'g2', version: 0 });
  });

  it('hides a view of a game that is no longer the table’s', () => {
    let session = emptySession('X');
    session = reduce(
      session,
      { event: 'view', payload: { gameId: 'g0', version: 9, view: view(state, 0) } },
      0,
    );
    session = reduce(session, { event: 'table', payload: tableState() }, 0);
    expect(currentView(session)).toBeNull();
  });

  it('keeps chat, refusals and removal', () => {
    let session = emptySession('X');
    session = reduce(
      session,
      {
        event: 'chat',
        payload: { from: { playerId: 'p', name: 'Ann' }, text: 'hi', at: '2026-01-01T00:00:00Z' },
      },
      0,
    );
    expect(session.chat).toHaveLength(1);
    session = reduce(
      session,
      {
        event: 'rejection',
        payload: { event: 'act', code: 'illegal-card', message: 'You must follow suit' },
      },
      0,
    );
    expect(session.notice).toMatchObject({
      event: 'act',
      code: 'illegal-card',
      message: 'You must follow suit',
    });
    session = reduce(
      session,
      { event: 'removed', payload: { table: 'X', reason: 'removed by the host' } },
      0,
    );
    expect(session.removed).toBe('removed by the host');
    expect(isMember(session)).toBe(false);
  });

  it('forgets the last game’s end when a new game starts', () => {
    let session = emptySession('X');
    session = reduce(session, { event: 'table', payload: tableState() }, 0);
    session = reduce(
      session,
      {
        event: 'game-over',
        payload: {
          gameId: 'g1',
          result: { winners: [0], reason: 'target', finalScores: [1500, 0, 0] },
          history: [],
        },
      },
      0,
    );
    expect(session.gameOver?.gameId).toBe('g1');
    session = reduce(
      session,
      {
        event: 'table',
        payload: tableState({
          game: { id: 'g2', number: 2, status: 'running', version: 0, hints: [0, 0, 0] },
        }),
      },
      0,
    );
    expect(session.gameOver).toBeNull();
  });

  it('finds the seat of a spectator or an anonymous watcher: none', () => {
    let session = emptySession('X');
    session = reduce(
      session,
      {
        event: 'welcome',
        payload: { table: 'X', playerId: null, token: null, seat: null, host: false },
      },
      0,
    );
    session = reduce(session, { event: 'table', payload: tableState() }, 0);
    expect(mySeat(session)).toBeNull();
    expect(isMember(session)).toBe(false);
  });
});
