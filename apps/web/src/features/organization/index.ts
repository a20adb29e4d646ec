export { deleteOrganization } from './api';
