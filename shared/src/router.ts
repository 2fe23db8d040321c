/**
 * The router API every app uses, and the only place that imports the router (react-router-dom,
 * which re-exports react-router 7). Shared through `@store/shared` instead of as a federated
 * package of its own, so each build carries only these exports (a shared package cannot be
 * tree-shaken; this facade can). A remote that needs another router export adds it here.
 */
export {
  BrowserRouter,
  Link,
  NavLink,
  Navigate,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-dom';
