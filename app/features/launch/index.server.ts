export { listApplications } from "./custom-saas-store.server";
export { changeApplicationStatus, submitApplication } from "./custom-saas.server";
export {
  earlyBonus,
  launchNow,
  launchSettings,
  loadLaunchSettings,
  saveLaunchSettings,
  seedLaunchSettings,
  startLaunchSettingsRefresh,
  stopLaunchSettingsRefresh,
} from "./launch.server";
export { launchReadiness } from "./readiness.server";
