// The calls of server/routes/teams.ts, declared with declareCall (contract/http.ts).
export {};
