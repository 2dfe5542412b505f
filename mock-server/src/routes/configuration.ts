/** External application configurations and user configurations. */
import {
  createAppConfiguration,
  createUserConfiguration,
  findConfiguration,
  getUserConfiguration,
  ownerConfigurations,
  updateAppConfiguration,
  updateUserConfiguration,
  userConfigurations,
} from '../store/configurations.ts';
import { ApiFailure } from '../store/errors.ts';
import { appConfigurationView as appView, userConfigurationView as userConfigView } from '../wire/views.ts';
import type { Handlers } from '../middleware/handler-types.ts';

export const configurationHandlers = {
  createAppConfiguration: ({ db, body }) => appView(createAppConfiguration(db, body)),
  updateAppConfiguration: ({ db, params, body }) =>
    appView(updateAppConfiguration(db, params.configurationId, body)),
  listAppConfigurations: ({ db, params }) =>
    ownerConfigurations(db, params.ownerType, params.ownerId).map(appView),
  getAppConfiguration: ({ db, params }) => {
    const found = findConfiguration(db, params.applicationName, params.ownerType, params.ownerId);
    if (!found)
      throw new ApiFailure(
        404,
        `No ${params.applicationName} configuration for ${params.ownerType} ${params.ownerId} yet`,
      );
    return appView(found);
  },
  listUserConfigurations: ({ db, user, params, query }) =>
    userConfigurations(db, user, params.portalCode, query.showDeleted ?? false).map(userConfigView),
  getUserConfiguration: ({ db, user, params, query }) =>
    userConfigView(
      getUserConfiguration(db, user, params.portalCode, params.code, query.showDeleted ?? false),
    ),
  createUserConfiguration: ({ db, user, params, body }) =>
    userConfigView(createUserConfiguration(db, user, params.portalCode, body)),
  updateUserConfiguration: ({ db, user, params, query, body }) =>
    userConfigView(
      updateUserConfiguration(db, user, params.portalCode, params.code, body, query.editDeleted ?? false),
    ),
} satisfies Partial<Handlers>;
