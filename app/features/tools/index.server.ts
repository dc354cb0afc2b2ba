export { findBonusFile, readBonusFile } from "./bonus-downloads.server";
