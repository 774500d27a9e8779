/*
 * Analytics' public entry: the only module other features may import from it. The tab loads on first use, its
 * own chunk with the chart library, so the Admin Panel does not carry either until Analytics is opened.
 */
import { lazy } from 'react';

/** Admin Panel → Analytics: the programme's figures and charts over a period. */
export const AnalyticsPanel = lazy(async () => ({ default: (await import('./components/AnalyticsPanel.tsx')).AnalyticsPanel }));
