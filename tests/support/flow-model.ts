/**
 * What a machine's path tests (tests/support/model-based.tsx) and the flow explorer
 * (tools/flow-explorer) share, exported from `tests/machines/<name>.cases.tsx` as `<name>Model`:
 * the input and sample events the paths are generated from, what tells two states apart, and the
 * machine's real view for a snapshot. The view comes without providers: the tests wrap it in
 * English, the explorer in the language and theme QA choose.
 */
import type { ReactElement } from 'react';
import type { AnyStateMachine } from 'xstate';
import type { Event, PathModel, Snapshot } from '../../machines/support/paths';

export type FlowModel<M extends AnyStateMachine> = Omit<PathModel<M>, 'machine'> & {
  render: (snapshot: Snapshot<M>, send: (event: Event<M>) => void) => ReactElement;
  /**
   * The states (paths, a parent's for its children) in which the view rightly shows nothing, such as
   * a dialog host with no question open. `npm run test:states` fails a view that shows nothing
   * anywhere else, and one that shows something here.
   */
  rendersNothingIn?: readonly string[];
};
