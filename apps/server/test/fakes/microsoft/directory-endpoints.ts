// /v1.0/organization, the directory roles and their members, and the two policies read.
import { json } from '../kit/answers';
import { collectionPage, pageSizeOf, pick, selectionOf } from './collection';
import { type GraphEndpoint, type GraphRequest, graphScope } from './graph-endpoint';
import { notFound } from './graph-errors';
import type { Tenant } from './tenant';

const DIRECTORY = [graphScope('Directory.Read.All'), graphScope('RoleManagement.Read.Directory')];
const POLICIES = [graphScope('Policy.Read.All')];

export const organization: GraphEndpoint = {
  pattern: /^\/v1\.0\/organization$/,
  scopes: () => [
    [
      graphScope('Organization.Read.All'),
      graphScope('Directory.Read.All'),
      graphScope('User.Read.All'),
    ],
  ],
  premium: () => false,
  handle(req) {
    const t = req.tenant;
    const initial = `${t.displayName.replace(/[^A-Za-z0-9]/g, '')}.onmicrosoft.com`;
    return collectionPage(
      [
        {
          id: t.id,
          displayName: t.displayName,
          createdDateTime: t.createdDateTime,
          tenantType: 'AAD',
          verifiedDomains: [
            {
              capabilities: 'Email, OfficeCommunicationsOnline',
              isDefault: false,
              isInitial: true,
              name: initial,
              type: 'Managed',
            },
            {
              capabilities: 'Email',
              isDefault: true,
              isInitial: false,
              name: t.domain,
              type: 'Managed',
            },
          ],
        },
      ],
      { url: req.url, origin: req.origin, context: 'organization', size: 100 },
    );
  },
};

export const directoryRoles: GraphEndpoint = {
  pattern: /^\/v1\.0\/directoryRoles$/,
  scopes: () => [DIRECTORY],
  premium: () => false,
  handle: (req) =>
    collectionPage(req.tenant.roles, {
      url: req.url,
      origin: req.origin,
      context: 'directoryRoles',
      size: 100,
    }),
};

const MEMBER_PROPERTIES = [
  'id',
  'displayName',
  'userPrincipalName',
  'mail',
  'accountEnabled',
  'userType',
  'appId',
];
const MEMBER_DEFAULTS = ['id', 'displayName', 'userPrincipalName', 'mail', 'accountEnabled'];

function members(tenant: Tenant, roleTemplateId: string | undefined): object[] {
  if (roleTemplateId !== '62e90394-69f5-4237-9190-012177145e10') return [];
  return [
    ...tenant.users
      .filter((u) => u.isAdmin)
      .map((u) => ({ '@odata.type': '#microsoft.graph.user', ...u })),
    ...tenant.adminApps.map((a) => ({ '@odata.type': '#microsoft.graph.servicePrincipal', ...a })),
  ];
}

function membersAnswer(req: GraphRequest, roleTemplateId: string | undefined) {
  const size = pageSizeOf(req.url.searchParams, { defaultTop: 100, maxTop: 999 });
  if (typeof size !== 'number') return size;
  const selected = selectionOf(
    req.url.searchParams,
    MEMBER_PROPERTIES,
    MEMBER_DEFAULTS,
    'microsoft.graph.directoryObject',
  );
  if (!Array.isArray(selected)) return selected;
  return collectionPage(members(req.tenant, roleTemplateId), {
    url: req.url,
    origin: req.origin,
    context: 'directoryObjects',
    size,
    shape: (m) => pick(m, selected),
  });
}

export const roleMembersByTemplate: GraphEndpoint = {
  pattern: /^\/v1\.0\/directoryRoles\(roleTemplateId='(?<template>[0-9a-f-]+)'\)\/members$/,
  scopes: () => [DIRECTORY],
  premium: () => false,
  handle(req) {
    const role = req.tenant.roles.find((r) => r.roleTemplateId === req.params.template);
    if (!role) return notFound(req.url.pathname);
    return membersAnswer(req, role.roleTemplateId);
  },
};

export const roleMembersById: GraphEndpoint = {
  pattern: /^\/v1\.0\/directoryRoles\/(?<id>[0-9a-f-]+)\/members$/,
  scopes: () => [DIRECTORY],
  premium: () => false,
  handle(req) {
    const role = req.tenant.roles.find((r) => r.id === req.params.id);
    if (!role) return notFound(req.url.pathname);
    return membersAnswer(req, role.roleTemplateId);
  },
};

export const securityDefaults: GraphEndpoint = {
  pattern: /^\/v1\.0\/policies\/identitySecurityDefaultsEnforcementPolicy$/,
  scopes: () => [POLICIES],
  premium: () => false,
  handle: (req) =>
    json(200, {
      '@odata.context':
        'https://graph.microsoft.com/v1.0/$metadata#policies/identitySecurityDefaultsEnforcementPolicy/$entity',
      id: '00000000-0000-0000-0000-000000000005',
      displayName: 'Security Defaults',
      description:
        'Security defaults is a set of basic identity security mechanisms recommended by Microsoft. When enabled, these recommendations will be automatically enforced in your organization.',
      isEnabled: req.tenant.securityDefaults,
    }),
};

const policy = (
  id: string,
  displayName: string,
  state: string,
  controls: string[],
  includeUsers: string[],
) => ({
  id,
  displayName,
  createdDateTime: '2024-01-15T09:00:00Z',
  modifiedDateTime: null,
  state,
  conditions: {
    clientAppTypes: ['all'],
    applications: { includeApplications: ['All'], excludeApplications: [] },
    users: {
      includeUsers,
      excludeUsers: [],
      includeGroups: [],
      excludeGroups: [],
      includeRoles: [],
      excludeRoles: [],
    },
  },
  grantControls: { operator: 'OR', builtInControls: controls, customAuthenticationFactors: [] },
  sessionControls: null,
});

export const conditionalAccessPolicies: GraphEndpoint = {
  pattern: /^\/v1\.0\/identity\/conditionalAccess\/policies$/,
  scopes: () => [POLICIES],
  premium: () => true,
  handle(req) {
    // Two that must not count as "MFA for everyone": report-only, and a block for a few users.
    const policies = [
      policy(
        '4f2b0e7a-1d8c-4c3e-9a51-0c6a1b2d3e01',
        'Require MFA (report-only)',
        'enabledForReportingButNotEnforced',
        ['mfa'],
        ['All'],
      ),
      policy(
        '4f2b0e7a-1d8c-4c3e-9a51-0c6a1b2d3e02',
        'Block legacy authentication',
        'enabled',
        ['block'],
        ['All'],
      ),
      ...(req.tenant.conditionalAccessMfa
        ? [
            policy(
              '4f2b0e7a-1d8c-4c3e-9a51-0c6a1b2d3e03',
              'Require MFA for all users',
              'enabled',
              ['mfa'],
              ['All'],
            ),
          ]
        : []),
    ];
    return collectionPage(policies, {
      url: req.url,
      origin: req.origin,
      context: 'identity/conditionalAccess/policies',
      size: 100,
    });
  },
};

/** A subscription as /v1.0/subscribedSkus lists it (integrations-reference-2 §1.3). */
function subscription(
  tenantId: string,
  skuId: string,
  part: string,
  plans: [string, string][],
  used: number,
) {
  return {
    accountName: 'Fake tenant',
    accountId: tenantId,
    appliesTo: 'User',
    capabilityStatus: 'Enabled',
    consumedUnits: used,
    id: `${tenantId}_${skuId}`,
    prepaidUnits: { enabled: used + 5, lockedOut: 0, suspended: 0, warning: 0 },
    servicePlans: plans.map(([servicePlanName, servicePlanId]) => ({
      servicePlanId,
      servicePlanName,
      provisioningStatus: 'Success',
      appliesTo: 'User',
    })),
    skuId,
    skuPartNumber: part,
    subscriptionIds: [`${skuId.slice(0, 8)}-0000-4000-8000-000000000001`],
  };
}

/**
 * The tenant's subscriptions: Microsoft 365 Business Premium (Entra ID P1, Intune) when the tenant
 * is premium, else Business Standard (Exchange, and Intune for Office 365's basic mobility only).
 */
export const subscribedSkus: GraphEndpoint = {
  pattern: /^\/v1\.0\/subscribedSkus$/,
  scopes: () => [[graphScope('Organization.Read.All'), graphScope('Directory.Read.All')]],
  premium: () => false,
  handle(req) {
    const t = req.tenant;
    const used = t.users.length;
    const skus = t.premium
      ? [
          subscription(
            t.id,
            'cbdc14ab-d96c-4c30-b9f4-6ada7cdc1d46',
            'SPB',
            [
              ['EXCHANGE_S_STANDARD', '9aaf7827-d63c-4b61-89c3-182f06f82e5c'],
              ['AAD_PREMIUM', '41781fb2-bc02-4b7c-bd55-b576c07bb09d'],
              ['INTUNE_A', 'c1ec4a95-1f05-45b3-a911-aa3fa01094f5'],
              ['MFA_PREMIUM', '8a256a2b-b617-496d-b51b-e76466e88db0'],
            ],
            used,
          ),
        ]
      : [
          subscription(
            t.id,
            'f245ecc8-75af-4f8e-b61f-27d8114de5f3',
            'O365_BUSINESS_PREMIUM',
            [
              ['EXCHANGE_S_STANDARD', '9aaf7827-d63c-4b61-89c3-182f06f82e5c'],
              ['INTUNE_O365', '882e1d05-acd1-4ccb-8708-6ee03664b117'],
            ],
            used,
          ),
        ];
    // One page: Graph answers this list whole, with no nextLink.
    return json(200, {
      '@odata.context': `${req.origin}/v1.0/$metadata#subscribedSkus`,
      value: skus,
    });
  },
};
