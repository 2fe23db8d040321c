import { renderStandalone } from '@store/shared';
import { pages } from './routes';

renderStandalone('mf-catalog', pages);
