// The calls of server/routes/devices.ts, declared with declareCall (contract/http.ts).
export {};
