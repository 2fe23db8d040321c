export {};

void import('./bootstrap');
