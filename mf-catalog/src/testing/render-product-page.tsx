import { Route, Routes, useLocation, type AppStore } from '@store/shared';
import { renderWithProviders } from '@store/shared/testing';
import { screen } from '@testing-library/react';
import { ProductPage } from '../features/product/product-page';

function Address() {
  const { pathname, search } = useLocation();
  return <div data-testid="address">{pathname + search}</div>;
}

/** The product page at `route`, beside the address it shows. */
export function renderProductPage(
  route = '/product/neon-brushes',
  options: { store?: AppStore } = {},
) {
  return renderWithProviders(
    <Routes>
      <Route
        path="/product/:slug"
        element={
          <>
            <ProductPage />
            <Address />
          </>
        }
      />
    </Routes>,
    { route, ...options },
  );
}

export const address = () => screen.getByTestId('address').textContent;
