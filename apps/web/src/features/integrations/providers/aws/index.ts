import { lazy } from 'react';
import type { WebProvider } from '../web-provider';
import mark from './mark.svg';

export const aws: WebProvider = {
  mark,
  missingPermissions:
    'Castellan needs the AWS-managed SecurityAudit policy on the IAM user (or the role) whose key you pasted. Attach it in IAM, then connect again.',
  findings: {
    Section: lazy(async () => ({ default: (await import('./AwsSection')).AwsSection })),
    forMembers: false,
    afterFirstScan: true,
  },
};
