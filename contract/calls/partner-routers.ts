// The calls of server/routes/partner-routers.ts, declared with declareCall (contract/http.ts).
export {};
