import { requestRuntimeConfig } from './config/runtime-config-request';

// In flight while the bootstrap chunk and the shared packages load (see the function).
void requestRuntimeConfig();
void import('./bootstrap');
