import { lazy } from 'react';
import type { RouteObject } from 'react-router';
// The buying side (cart, checkout, orders) has its own lazy routes.
import { buyRoutes } from './buy/routes';

// The Shop area's screens, each lazy-loaded: this file is imported by the app's router, so it
// holds nothing but lazy references (the first route must not load the area's code).
const ShopHomePage = lazy(() => import('./ShopHomePage'));
const SearchPage = lazy(() => import('./SearchPage'));
const ProductPage = lazy(() => import('./ProductPage'));
const ShopPage = lazy(() => import('./ShopPage'));
const NearbyPage = lazy(() => import('./NearbyPage'));
const FollowedPage = lazy(() => import('./FollowedPage'));
const WishlistPage = lazy(() => import('./WishlistPage'));
const MyShopPage = lazy(() => import('./seller/MyShopPage'));
const CreateShopPage = lazy(() => import('./seller/CreateShopPage'));
const ProductFormPage = lazy(() => import('./seller/ProductFormPage'));
const InventoryPage = lazy(() => import('./seller/InventoryPage'));

export const shopRoutes: RouteObject[] = [
  { path: '/shop', element: <ShopHomePage /> },
  { path: '/shop/search', element: <SearchPage /> },
  { path: '/shop/products/:id', element: <ProductPage /> },
  { path: '/shop/shops/:id', element: <ShopPage /> },
  { path: '/shop/nearby', element: <NearbyPage /> },
  { path: '/shop/followed', element: <FollowedPage /> },
  { path: '/shop/wishlist', element: <WishlistPage /> },
  { path: '/shop/sell', element: <MyShopPage /> },
  { path: '/shop/sell/new', element: <CreateShopPage /> },
  { path: '/shop/sell/products/new', element: <ProductFormPage /> },
  { path: '/shop/sell/products/:id/edit', element: <ProductFormPage /> },
  { path: '/shop/sell/inventory', element: <InventoryPage /> },
  ...buyRoutes,
];
