import { api } from '../../lib/api';

/** Starts the main tour, or resumes it where it was left; undefined when the server was busy. */
export const startMainTour = () => api('POST', '/tours/main');
