export { startMainTour } from './api';
