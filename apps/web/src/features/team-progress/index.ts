export { employeesQuery } from './api';
