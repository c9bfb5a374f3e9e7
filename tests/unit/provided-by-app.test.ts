import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, setup, toPromise } from 'xstate';
import { clockProvidedByApp, providedByApp } from '../../machines/support/provided-by-app';

describe('machines/support/provided-by-app', () => {
  it('an actor the app did not provide fails with its name, so a forgotten provide is found at once', async () => {
    const actor = createActor(providedByApp<string>('fetchSession'));
    actor.start();
    await expect(toPromise(actor)).rejects.toThrow('fetchSession is provided by the app');
  });

  it('the same actor, provided, answers as the app says', async () => {
    const machine = setup({ actors: { load: providedByApp<string>('load') } }).createMachine({
      invoke: { src: 'load', onDone: { target: '.loaded' } },
      initial: 'loading',
      states: { loading: {}, loaded: { type: 'final' } },
    });
    const actor = createActor(machine.provide({ actors: { load: fromPromise(async () => 'ok') } }));
    actor.start();
    await toPromise(actor);
    expect(actor.getSnapshot().matches('loaded')).toBe(true);
  });

  it('an unprovided clock stays silent', () => {
    const actor = createActor(clockProvidedByApp());
    actor.start();
    expect(actor.getSnapshot().status).toBe('active');
    actor.stop();
  });
});
