/** Areas, municipalities, skill sets, organizations, users and contract services. */
import type { UserRecord } from '@portal/fixtures';
import { organizationReach, sharedContracts } from '../store/access.ts';
import { userContracts } from '../store/contracts.ts';
import { rows } from '../store/db.ts';
import * as t from '../store/territory.ts';
import * as u from '../store/users.ts';
import {
  areaCategoriesView,
  areaView,
  categoryView,
  contractView,
  contractServiceView,
  divisionView,
  legalEntityView,
  organizationJson,
  organizationView,
  serviceView,
  skillView,
  userDetailView,
  userSummaryView,
  userSummaryJson,
} from '../wire/views.ts';
import { page, type Handlers } from '../middleware/handler-types.ts';

/** Another user's data is limited to the contracts the caller administers them in (one's own: all of it). */
function within(caller: UserRecord, target: UserRecord): readonly number[] | undefined {
  return caller.id === target.id ? undefined : sharedContracts(caller, target);
}

export const territoryHandlers = {
  listContractAreas: ({ db, user, params, query }) =>
    page(t.listAreas(db, user, params.contractId, query.labelFilter), (a) =>
      areaView(db, a, organizationReach(user, params.contractId)),
    ),
  createContractArea: ({ db, params, body }) => areaView(db, t.createArea(db, params.contractId, body)),
  areaCategoryCounts: ({ db, user, params, query }) =>
    t.areaCategoryCounts(db, user, params.contractId, query.areas),
  areaOrganizationCounts: ({ db, user, params, query }) =>
    t.areaOrganizationCounts(db, user, params.contractId, query.areas, query.organizationType),
  renameContractArea: ({ db, params, body }) =>
    areaView(db, t.renameArea(db, params.contractId, params.areaId, body.label)),
  deleteContractArea: ({ db, params }) => {
    t.deleteArea(db, params.contractId, params.areaId);
    return null;
  },
  // an organization super admin sees only their own organizations among an area's
  getArea: ({ db, user, params, contractId }) =>
    areaView(db, t.requireArea(db, params.areaId), organizationReach(user, contractId)),
  areaCategories: ({ db, params }) =>
    page(areaCategoriesView(db, t.requireArea(db, params.areaId)), (c) => c),
  areaOrganizations: ({ db, user, params, query, contractId }) => {
    const reach = organizationReach(user, contractId);
    const all = t.areaOrganizations(db, params.areaId, query.organizationType);
    return page(reach ? all.filter((o) => reach.has(o.id)) : all, (o) => organizationView(db, o));
  },
  listAdministrativeDivisions: ({ db, query }) =>
    page(t.listDivisions(db, query.q, query.countryCode), divisionView),
  listCategories: ({ db, query }) => t.listCategories(db, query.query, query.noParent).map(categoryView),
  listSkills: ({ db }) => rows(db, 'skills').map(skillView),

  listContractOrganizations: ({ db, user, params, query }) =>
    page(
      t.listOrganizations(db, user, params.contractId, { q: query.q, type: query.type }),
      (o) => organizationView(db, o),
      (o) => organizationJson(db, o),
    ),
  createOrganization: ({ db, params, body }) =>
    organizationView(db, t.createOrganization(db, params.contractId, body)),
  organizationUserCounts: ({ db, user, params, query }) =>
    t.organizationUserCounts(db, user, params.contractId, query.organizations),
  getOrganization: ({ db, params }) => organizationView(db, t.requireOrganization(db, params.organizationId)),
  updateOrganization: ({ db, params, body }) =>
    organizationView(db, t.updateOrganization(db, params.organizationId, body)),
  deleteOrganization: ({ db, params }) => {
    t.deleteOrganization(db, params.organizationId);
    return null;
  },
  organizationAreas: ({ db, params }) =>
    page(t.organizationAreas(db, params.organizationId), (a) => areaView(db, a)),
  setOrganizationAreas: ({ db, params, body }) =>
    t.setOrganizationAreas(db, params.organizationId, body.areaIds).map((a) => areaView(db, a)),
  deleteOrganizationArea: ({ db, params }) => {
    t.removeOrganizationArea(db, params.organizationId, params.areaId);
    return null;
  },
  organizationServices: ({ db, params }) =>
    page(t.organizationServices(db, params.organizationId), (cs) => contractServiceView(db, cs)),
  setOrganizationServices: ({ db, params, body }) =>
    t
      .setOrganizationServices(db, params.organizationId, body.contractServiceIds)
      .map((cs) => contractServiceView(db, cs)),
  deleteOrganizationService: ({ db, params }) => {
    t.removeOrganizationService(db, params.organizationId, params.serviceCode);
    return null;
  },
  organizationUsers: ({ db, params, query }) =>
    page(t.organizationMembers(db, params.organizationId, query.userFilter), userSummaryView, (member) =>
      userSummaryJson(db, member),
    ),
  deleteOrganizationUser: ({ db, params }) => {
    t.removeOrganizationMember(db, params.organizationId, params.userId);
    return null;
  },
  listLegalEntities: ({ db, params, query }) =>
    t.legalEntities(db, params.contractId, query.type).map(legalEntityView),

  getUser: ({ db, params }) => userDetailView(u.requireUser(db, params.userId)),
  listContractUsers: ({ db, user, params, query }) =>
    page(u.contractUsers(db, user, params.contractId, query.userFilter), userSummaryView, (record) =>
      userSummaryJson(db, record),
    ),
  inviteUsers: ({ db, user, params, body }) => u.inviteUsers(db, user, params.contractId, body),
  userOrganizationCounts: ({ db, user, params, query }) =>
    u.userOrganizationCounts(db, user, params.contractId, query.users, query.organizationType),
  deleteContractUser: ({ db, params }) => {
    u.removeContractUser(db, params.contractId, params.userId);
    return null;
  },
  userOrganizations: ({ db, user, params, query }) => {
    const target = u.requireUser(db, params.userId);
    return page(
      u.userOrganizationsList(db, target, {
        organizationType: query.organizationType,
        contractId: query.contractId,
        within: within(user, target),
      }),
      (o) => organizationView(db, o),
    );
  },
  userAreas: ({ db, user, params, query }) => {
    const target = u.requireUser(db, params.userId);
    return page(u.userAreasList(db, target, query.contractId, within(user, target)), (a) => areaView(db, a));
  },
  userContractsOf: ({ db, user, params, origin }) => {
    const target = u.requireUser(db, params.userId);
    const reach = within(user, target);
    return page(
      userContracts(db, target).filter((contract) => reach === undefined || reach.includes(contract.id)),
      (contract) => contractView(contract, origin),
    );
  },
  userGeoshape: ({ db, user, params, query }) => {
    const target = u.requireUser(db, params.userId);
    return u.userGeoshape(db, target, { ...query, within: within(user, target) });
  },

  listServices: ({ db, query }) =>
    page(t.listServices(db, query.category, query.noCategory), (s) => serviceView(db, s.id)),
  listContractServices: ({ db, params, query }) =>
    page(
      t.listContractServices(db, params.contractId, {
        category: query.category,
        noCategory: query.noCategory,
        serviceLabel: query.serviceLabel,
      }),
      (cs) => contractServiceView(db, cs),
    ),
  createContractServices: ({ db, params, body }) =>
    t.attachServices(db, params.contractId, body.serviceIds).map((cs) => contractServiceView(db, cs)),
  deleteContractService: ({ db, params }) => {
    t.detachService(db, params.contractServiceId);
    return null;
  },
} satisfies Partial<Handlers>;
