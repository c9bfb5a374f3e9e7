// The calls of server/routes/routers.ts, declared with declareCall (contract/http.ts).
export {};
