/**
 * The one module that imports @xstate/graph, so a move to `xstate/graph` is one line.
 */

export type { Step } from '@xstate/graph';
export { getAdjacencyMap, getShortestPaths, getStateNodes } from '@xstate/graph';
