/** The composer's workspace calls (contract/workspace.ts): variables, environments and tabs. */
import type { AreaCalls } from '../area-calls.js';
import type { WorkspaceService } from './workspace-service.js';

export function implementWorkspaceCalls(workspace: WorkspaceService): AreaCalls<'workspace'> {
  return {
    'workspace.variables': () => workspace.variables(),
    'workspace.saveVariables': ({ targetId, variables }) =>
      workspace.saveVariables(targetId, variables),
    'workspace.importEnvironment': (args) => workspace.importEnvironment(args),
    'workspace.exportEnvironment': (args) => workspace.exportEnvironment(args),
    'workspace.tabs': () => workspace.tabs(),
    'workspace.saveTabs': (tabs) => workspace.saveTabs(tabs),
  };
}
