// The calls of server/routes/federated-sign-in.ts, declared with declareCall (contract/http.ts).
export {};
