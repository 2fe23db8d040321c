// Builds the five apps whose dist is missing or older than their sources (`--rebuild`: all).
import { buildApps } from './lib/composition.mjs';

buildApps({ force: process.argv.includes('--rebuild') });
