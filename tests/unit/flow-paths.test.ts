import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { toDot } from '../../machines/support/diagram';
import { eventsFor, statePathOf, transitionPaths } from '../../machines/support/paths';

const door = createMachine({
  id: 'door',
  initial: 'closed',
  states: {
    closed: { on: { open: 'opened', lock: { target: 'locked', guard: 'hasKey' } } },
    opened: { on: { close: 'closed' } },
    locked: { type: 'final' },
  },
}).provide({ guards: { hasKey: () => true } });

describe('generated paths', () => {
  it('names nested states by their path', () => {
    expect(statePathOf({ verifying: { awaitingCode: 'enteringCode' } })).toBe('verifying.awaitingCode.enteringCode');
  });

  it('takes the samples of an event, and sends an event without samples bare', () => {
    const [first] = transitionPaths({ machine: door, cases: {} });
    const snapshot = first?.steps[0]?.state;
    if (!snapshot) throw new Error('no initial step');
    const wideOpen = { type: 'open', wide: true };
    expect(eventsFor({ machine: door, cases: { open: [wideOpen] } }, snapshot)).toEqual([wideOpen, { type: 'lock' }]);
  });

  it('makes one path per transition, named as the path tests print it', () => {
    expect(transitionPaths({ machine: door, cases: {} }).map((path) => path.name)).toEqual([
      'closed --{"type":"open"}--> opened (1 steps)',
      'closed --{"type":"lock"}--> locked (final) (1 steps)',
      'opened --{"type":"close"}--> closed (2 steps)',
    ]);
  });
});

describe('diagram', () => {
  it('gives every state a stable id and labels guarded arrows', () => {
    const dot = toDot(door);
    expect(dot).toContain('"door.closed" [id="state:door.closed"');
    expect(dot).toContain('"door.locked" [id="state:door.locked", shape=doublecircle');
    expect(dot).toContain('label="lock [hasKey]"');
  });
});
