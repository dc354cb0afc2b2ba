import http from "node:http";
import { createHandler } from "./src/app.js";

const port = Number(process.env.PORT || 3000);
const handler = createHandler({
  dataFile: process.env.DATA_FILE || "data/db.json",
  freeLimit: Number(process.env.FREE_PLAN_LIMIT || 10),
});

http.createServer(handler).listen(port, () => {
  console.log("Todo SaaS running on http://localhost:" + port);
});
