/* GNUstep's NSKeyedUnarchiver as a second, independent archive reader: reads the
 * archive files named on stdin (one path a line) and prints, per file, one line:
 * "T\t" and the decoded graph as tagged JSON, or "E\t" and the exception.
 *
 * The graph is printed in the tree form of docs/ARCHIVE.md, so that the test
 * (tests/archive/gnustep.rs) can compare it with `archive::unarchive`:
 *   {"t":"string"|"int"|"bool"|"data"|"real"|"date"|"null", "v":…}
 *   {"t":"array","v":[…]}  {"t":"dict","v":[[key, node], …]}
 *   {"t":"set","v":[…]}    an NSSet (unordered) or a list of names whose order
 *                          does not matter (`$inline`, `$inlineElements`)
 *   {"t":"uid","v":k}      a reference back to the object k containers up (a cycle)
 * Reals and dates are the 16 hex digits of their IEEE-754 bits.
 *
 * Classes GNUstep does not know (the tests' custom classes) are made at run time
 * by the unarchiver's delegate, as subclasses of PVObject named as archived; a
 * PVObject decodes every field of its archived dictionary through the
 * unarchiver: a reference by GNUstep's own object decoding (which keeps shared
 * objects shared and resolves a reference back to an object being decoded to
 * that object), an inline value as it is.
 */
#import <Foundation/Foundation.h>
#include <objc/runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* GNUstep's own decoding of the object at an index of $objects, and the
 * dictionary of the object being decoded. */
@interface NSKeyedUnarchiver (GNUstepPrivate)
- (id) _decodeObject: (unsigned)index;
@end

@interface NSKeyedUnarchiver (PVKeyMap)
- (NSDictionary*) pvKeyMap;
@end

@implementation NSKeyedUnarchiver (PVKeyMap)
- (NSDictionary*) pvKeyMap
{
  return _keyMap;
}
@end

/* $classes of each class the delegate made, by name (absent: none archived). */
static NSMutableDictionary *chains;

@interface PVObject : NSObject
{
@public
  NSMutableArray *keys;
  NSMutableArray *values;
  NSMutableArray *inlineKeys;
  NSMutableArray *inlineArrays;   /* keys of the fields that are inline arrays */
  NSMutableArray *inlineElements; /* inline arrays holding inline scalars */
}
@end

static BOOL isRef(id v)
{
  return [v isKindOfClass: [NSDictionary class]]
    && [v count] == 1 && [v objectForKey: @"CF$UID"] != nil;
}

@implementation PVObject
- (id) initWithCoder: (NSCoder*)coder
{
  NSKeyedUnarchiver *u = (NSKeyedUnarchiver*)coder;
  NSDictionary *map = [u pvKeyMap];
  NSEnumerator *e = [map keyEnumerator];
  NSString *k;

  keys = [NSMutableArray new];
  values = [NSMutableArray new];
  inlineKeys = [NSMutableArray new];
  inlineArrays = [NSMutableArray new];
  inlineElements = [NSMutableArray new];
  while ((k = [e nextObject]) != nil)
    {
      id v = [map objectForKey: k];

      if ([k isEqual: @"$class"])
        continue;
      if (isRef(v))
        {
          id o = [u _decodeObject: [[v objectForKey: @"CF$UID"] unsignedIntValue]];
          if (o != nil)
            {
              [keys addObject: k];
              [values addObject: o];
            }
          continue;
        }
      [inlineKeys addObject: k];
      if ([v isKindOfClass: [NSArray class]])
        {
          NSMutableArray *items = [NSMutableArray array];
          NSEnumerator *ie = [v objectEnumerator];
          id x;
          BOOL scalars = NO;

          while ((x = [ie nextObject]) != nil)
            {
              if (isRef(x))
                {
                  id o = [u _decodeObject: [[x objectForKey: @"CF$UID"] unsignedIntValue]];
                  if (o != nil)
                    [items addObject: o];
                }
              else
                {
                  [items addObject: x];
                  scalars = YES;
                }
            }
          if (scalars)
            [inlineElements addObject: k];
          [inlineArrays addObject: k];
          v = items;
        }
      [keys addObject: k];
      [values addObject: v];
    }
  return self;
}
@end

@interface Delegate : NSObject
@end

@implementation Delegate
- (Class) unarchiver: (NSKeyedUnarchiver*)u
  cannotDecodeObjectOfClassName: (NSString*)name
  originalClasses: (NSArray*)classes
{
  Class c = objc_getClass([name UTF8String]);

  if (c == Nil)
    {
      c = objc_allocateClassPair([PVObject class], [name UTF8String], 0);
      objc_registerClassPair(c);
    }
  if (classes != nil)
    [chains setObject: classes forKey: name];
  return c;
}
@end

static void string(NSString *s, FILE *out)
{
  const unsigned char *p = (const unsigned char*)[s UTF8String];

  fputc('"', out);
  for (; *p; p++)
    {
      switch (*p)
        {
          case '"': fputs("\\\"", out); break;
          case '\\': fputs("\\\\", out); break;
          case '\n': fputs("\\n", out); break;
          case '\r': fputs("\\r", out); break;
          case '\t': fputs("\\t", out); break;
          case '\b': fputs("\\b", out); break;
          case '\f': fputs("\\f", out); break;
          default:
            if (*p < 0x20)
              fprintf(out, "\\u%04x", *p);
            else
              fputc(*p, out);
        }
    }
  fputc('"', out);
}

static void bits(const char *tag, double d, FILE *out)
{
  unsigned long long b;

  memcpy(&b, &d, sizeof b);
  fprintf(out, "{\"t\":\"%s\",\"v\":\"%016llx\"}", tag, b);
}

static void names(NSArray *list, const char *tag, FILE *out)
{
  NSUInteger i;

  fprintf(out, "{\"t\":\"%s\",\"v\":[", tag);
  for (i = 0; i < [list count]; i++)
    {
      if (i > 0)
        fputc(',', out);
      fputs("{\"t\":\"string\",\"v\":", out);
      string([list objectAtIndex: i], out);
      fputc('}', out);
    }
  fputs("]}", out);
}

/* The objects being printed, outermost first, and the container depth of each. */
static NSMutableArray *path;
static NSMutableArray *depths;
/* Stands on the path for an inline array, which no reference can reach. */
static id inlineArray;

static void node(id o, NSUInteger depth, FILE *out);

static void items(NSArray *list, NSUInteger depth, FILE *out)
{
  NSUInteger i;

  for (i = 0; i < [list count]; i++)
    {
      if (i > 0)
        fputc(',', out);
      node([list objectAtIndex: i], depth, out);
    }
}

/* A container: its depth is one more than its parent's (depth). */
static void container(id o, NSUInteger depth, FILE *out)
{
  NSUInteger level = depth + 1;

  [path addObject: o];
  [depths addObject: [NSNumber numberWithUnsignedInteger: level]];
  if ([o isKindOfClass: [PVObject class]])
    {
      PVObject *p = o;
      NSString *name = NSStringFromClass([o class]);
      NSArray *chain = [chains objectForKey: name];
      NSUInteger i;

      fputs("{\"t\":\"dict\",\"v\":[[\"$class\",{\"t\":\"string\",\"v\":", out);
      string(name, out);
      fputs("}]", out);
      if (chain != nil)
        {
          fputs(",[\"$classes\",", out);
          names(chain, "array", out);
          fputc(']', out);
        }
      if ([p->inlineKeys count] > 0)
        {
          fputs(",[\"$inline\",", out);
          names(p->inlineKeys, "set", out);
          fputc(']', out);
        }
      if ([p->inlineElements count] > 0)
        {
          fputs(",[\"$inlineElements\",", out);
          names(p->inlineElements, "set", out);
          fputc(']', out);
        }
      for (i = 0; i < [p->keys count]; i++)
        {
          NSString *k = [p->keys objectAtIndex: i];
          id v = [p->values objectAtIndex: i];

          fputs(",[", out);
          string(k, out);
          fputc(',', out);
          if ([p->inlineArrays containsObject: k])
            {
              /* An inline array is a container of the tree, never a target. */
              fputs("{\"t\":\"array\",\"v\":[", out);
              [path addObject: inlineArray];
              [depths addObject: [NSNumber numberWithUnsignedInteger: level + 1]];
              items(v, level + 1, out);
              [path removeLastObject];
              [depths removeLastObject];
              fputs("]}", out);
            }
          else
            node(v, level, out);
          fputc(']', out);
        }
      fputs("]}", out);
    }
  else if ([o isKindOfClass: [NSArray class]])
    {
      fputs("{\"t\":\"array\",\"v\":[", out);
      items(o, level, out);
      fputs("]}", out);
    }
  else if ([o isKindOfClass: [NSSet class]])
    {
      fputs("{\"t\":\"set\",\"v\":[", out);
      items([o allObjects], level, out);
      fputs("]}", out);
    }
  else
    {
      NSEnumerator *e = [o keyEnumerator];
      id k;
      BOOL first = YES;

      fputs("{\"t\":\"dict\",\"v\":[", out);
      while ((k = [e nextObject]) != nil)
        {
          if (![k isKindOfClass: [NSString class]])
            [NSException raise: NSGenericException
                        format: @"a dictionary key of class %@", [k class]];
          if (!first)
            fputc(',', out);
          first = NO;
          fputc('[', out);
          string(k, out);
          fputc(',', out);
          node([o objectForKey: k], level, out);
          fputc(']', out);
        }
      fputs("]}", out);
    }
  [path removeLastObject];
  [depths removeLastObject];
}

static void node(id o, NSUInteger depth, FILE *out)
{
  NSUInteger i;

  for (i = 0; i < [path count]; i++)
    {
      if ([path objectAtIndex: i] == o)
        {
          NSUInteger at = [[depths objectAtIndex: i] unsignedIntegerValue];
          fprintf(out, "{\"t\":\"uid\",\"v\":%lu}", (unsigned long)(depth + 1 - at));
          return;
        }
    }
  if (o == [NSNull null])
    fputs("{\"t\":\"null\"}", out);
  else if ([o isKindOfClass: [NSString class]])
    {
      fputs("{\"t\":\"string\",\"v\":", out);
      string(o, out);
      fputc('}', out);
    }
  else if (o == [NSNumber numberWithBool: YES] || o == [NSNumber numberWithBool: NO])
    fprintf(out, "{\"t\":\"bool\",\"v\":%s}", [o boolValue] ? "true" : "false");
  else if ([o isKindOfClass: [NSNumber class]])
    {
      const char *type = [o objCType];
      if (strchr("cCsSiIlLqQ", type[0]) != NULL)
        fprintf(out, "{\"t\":\"int\",\"v\":%lld}", [o longLongValue]);
      else
        bits("real", [o doubleValue], out);
    }
  else if ([o isKindOfClass: [NSData class]])
    {
      const unsigned char *b = [o bytes];
      NSUInteger n = [o length];

      fputs("{\"t\":\"data\",\"v\":\"", out);
      for (i = 0; i < n; i++)
        fprintf(out, "%02x", b[i]);
      fputs("\"}", out);
    }
  else if ([o isKindOfClass: [NSDate class]])
    bits("date", [o timeIntervalSinceReferenceDate], out);
  else if ([o isKindOfClass: [PVObject class]] || [o isKindOfClass: [NSArray class]]
    || [o isKindOfClass: [NSSet class]] || [o isKindOfClass: [NSDictionary class]])
    container(o, depth, out);
  else
    [NSException raise: NSGenericException
                format: @"an object of class %@", [o class]];
}

int main(void)
{
  NSAutoreleasePool *outer = [NSAutoreleasePool new];
  Delegate *delegate = [Delegate new];
  char line[4096];

  chains = [NSMutableDictionary new];
  path = [NSMutableArray new];
  depths = [NSMutableArray new];
  inlineArray = [NSObject new];
  while (fgets(line, sizeof line, stdin) != NULL)
    {
      NSAutoreleasePool *pool = [NSAutoreleasePool new];
      size_t n = strlen(line);

      if (n > 0 && line[n - 1] == '\n')
        line[--n] = 0;
      if (n == 0)
        {
          [pool release];
          continue;
        }
      char *text = NULL;
      size_t size = 0;
      FILE *out = open_memstream(&text, &size);

      NS_DURING
        {
          NSData *data = [NSData dataWithContentsOfFile:
            [NSString stringWithUTF8String: line]];
          NSKeyedUnarchiver *u;
          id root;

          if (data == nil)
            [NSException raise: NSGenericException format: @"cannot read %s", line];
          u = [[[NSKeyedUnarchiver alloc] initForReadingWithData: data] autorelease];
          [u setDelegate: delegate];
          root = [u decodeObjectForKey: @"root"];
          [u finishDecoding];
          [path removeAllObjects];
          [depths removeAllObjects];
          node(root, 0, out);
          fclose(out);
          out = NULL;
          printf("T\t%s\n", text);
        }
      NS_HANDLER
        {
          if (out != NULL)
            fclose(out);
          printf("E\t%s: %s\n", [[localException name] UTF8String],
            [[[localException reason] stringByReplacingOccurrencesOfString: @"\n"
              withString: @" "] UTF8String]);
        }
      NS_ENDHANDLER
      free(text);
      fflush(stdout);
      [pool release];
    }
  [outer release];
  return 0;
}
