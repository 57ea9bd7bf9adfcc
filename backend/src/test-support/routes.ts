import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import type { TestApp } from './test-app';

export interface AppRoute {
  /** 'GET', 'POST', … */
  method: string;
  /** `/api/codes/:id`, as Nest matches it. */
  path: string;
  controller: new (...args: never[]) => unknown;
  /** The handler's method name, for metadata read by (controller, key). */
  key: string;
  handler: (...args: never[]) => unknown;
}

/** Method names of a class and of the classes it extends (a base controller's routes are the subclass's routes too). */
function methodNames(prototype: object): string[] {
  const names = new Set<string>();
  for (let at: object | null = prototype; at && at !== Object.prototype; at = Object.getPrototypeOf(at) as object | null) {
    for (const key of Object.getOwnPropertyNames(at)) if (key !== 'constructor') names.add(key);
  }
  return [...names];
}

/** Every route of the running app, read from the controllers' metadata as Nest registers them. */
export function appRoutes(app: TestApp): AppRoute[] {
  const routes: AppRoute[] = [];
  for (const module of app.app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => unknown) | null;
      if (!controller) continue;
      const prefix = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
      for (const key of methodNames(controller.prototype as object)) {
        const handler = (controller.prototype as Record<string, unknown>)[key];
        if (typeof handler !== 'function' || Reflect.getMetadata(METHOD_METADATA, handler) === undefined) continue;
        const path = `/${[prefix, String(Reflect.getMetadata(PATH_METADATA, handler) ?? '')].join('/')}`
          .replace(/\/+/g, '/')
          .replace(/\/$/, '');
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as number];
        routes.push({ method, path, controller, key, handler: handler as AppRoute['handler'] });
      }
    }
  }
  return routes;
}
