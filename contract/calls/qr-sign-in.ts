// The calls of server/routes/qr-sign-in.ts, declared with declareCall (contract/http.ts).
export {};
