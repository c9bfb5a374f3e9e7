/**
 * The signed-in person a service acts for (issue 23): who they are and the address they signed in
 * with. One name for it on the server; "actor" is an XState actor in the client.
 */
export type Caller = { userId: string; email: string };
