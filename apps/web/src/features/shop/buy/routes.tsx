import { lazy } from 'react';
import type { RouteObject } from 'react-router';

// The Shop area's buying screens, each lazy-loaded: this file is imported by the app's router, so
// it holds nothing but lazy references (the first route must not load the area's code).
const CartPage = lazy(() => import('./CartPage'));
const CheckoutPage = lazy(() => import('./CheckoutPage'));
const OrdersPage = lazy(() => import('./OrdersPage'));
const OrderDetailsPage = lazy(() => import('./OrderDetailsPage'));
const SellerOrdersPage = lazy(() => import('./SellerOrdersPage'));

export const buyRoutes: RouteObject[] = [
  { path: '/shop/cart', element: <CartPage /> },
  { path: '/shop/checkout', element: <CheckoutPage /> },
  { path: '/shop/orders', element: <OrdersPage /> },
  { path: '/shop/orders/:id', element: <OrderDetailsPage /> },
  { path: '/shop/sell/orders', element: <SellerOrdersPage /> },
];
