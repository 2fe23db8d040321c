import type { FastifyPluginAsync } from 'fastify';

const dropdownRoutes: FastifyPluginAsync = async (app) => {
  const { catalog } = app.services;

  app.get('/categories', async () => ({ success: true, data: await catalog.listCategories() }));

  app.get('/categories/statistics', async () => ({
    success: true,
    data: await catalog.categoryStatistics(),
  }));

  app.get('/all', async () => {
    const [categories, assetTypes] = await Promise.all([
      catalog.listCategories(),
      catalog.listAssetTypes(),
    ]);
    return { success: true, data: { categories, assetTypes } };
  });
};

export default dropdownRoutes;
