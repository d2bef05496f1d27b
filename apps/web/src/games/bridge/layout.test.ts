import { describe, expect, it } from 'vitest';
import { auctionGrid, handPositions } from './layout.ts';
import { scene, sceneView } from './preview/scenes.ts';

describe('the Bridge table seen from a chair', () => {
  it('puts the viewer at the bottom, the partner across and the next player on the left', () => {
    const view = { table: [], ownHand: 1 };
    expect(handPositions(view)).toEqual(['right', 'bottom', 'left', 'top']);
    expect(handPositions({ table: [], ownHand: null })).toEqual(['bottom', 'left', 'top', 'right']);
  });

  it('lays the blind hand opposite the declarer once the three-person auction is won (reading 4)', () => {
    const view = sceneView(scene('three-play'));
    const declarer = view.contract!.declarerHand;
    const positions = handPositions(view);
    const across = { bottom: 'top', top: 'bottom', left: 'right', right: 'left' } as const;
    expect(positions[3]).toBe(across[positions[declarer]!]);
    expect(positions[view.ownHand!]).toBe('bottom');
  });

  it('writes each call of a real auction under its seat, the first under the dealer', () => {
    const view = sceneView(scene('midplay'));
    const grid = auctionGrid(view);
    expect(grid.columns.map((column) => column.position)).toEqual(['left', 'top', 'right', 'bottom']);
    for (const [r, row] of grid.rows.entries()) {
      for (const [c, index] of row.entries()) {
        if (index !== null) expect(view.calls[index]!.seat, `row ${r}`).toBe(grid.columns[c]!.seat);
      }
    }
    const first = grid.rows[0]!.findIndex((index) => index !== null);
    expect(grid.columns[first]!.seat).toBe(view.dealer);
    expect(grid.rows.flat().filter((index) => index !== null)).toEqual(view.calls.map((_, index) => index));
  });
});
