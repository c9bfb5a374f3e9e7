// The calls of server/routes/team-api.ts, declared with declareCall (contract/http.ts).
export {};
