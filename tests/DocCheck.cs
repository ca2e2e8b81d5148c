// DocCheck: checks that the doc comments of an assembly (the compiler's -doc: file) cover its public API.
//
//     mono DocCheck.exe ASSEMBLY.dll ASSEMBLY.xml [MEMBER-ID...]
//
// The compiler already refuses a public member without any doc comment (CS1591, an error in this build), but
// it says nothing about a comment that forgets a parameter: it warns about a missing <param> only when the
// comment has another one.  So for every public or protected type and member this checks a non-empty
// <summary>, a <param> for every parameter, a <typeparam> for every type parameter and a <returns> for every
// method that returns a value.  Each MEMBER-ID given (e.g. "M:System.MP.Request.Wait") must also document at
// least one exception: its entry, or every overload whose ID starts with it, needs an <exception cref="...">.
// Prints one line per problem and exits 1 if there is any; else prints the number of members checked.
using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using System.Text;
using System.Xml;

static class DocCheck
{
	static readonly Dictionary<string, XmlElement> docs = new Dictionary<string, XmlElement> ();
	static readonly List<string> problems = new List<string> ();

	static int Main (string[] args)
	{
		if (args.Length < 2) {
			Console.Error.WriteLine ("usage: DocCheck.exe ASSEMBLY.dll ASSEMBLY.xml [MEMBER-ID...]");
			return 2;
		}
		var xml = new XmlDocument ();
		xml.Load (args[1]);
		foreach (XmlElement m in xml.SelectNodes ("/doc/members/member"))
			docs[m.GetAttribute ("name")] = m;

		int checkedCount = 0;
		Assembly asm = Assembly.LoadFile (System.IO.Path.GetFullPath (args[0]));
		foreach (Type t in asm.GetExportedTypes ().OrderBy (t => t.FullName)) {
			Check ("T:" + TypeName (t), t.IsGenericTypeDefinition ? t.GetGenericArguments () : null, null, null);
			checkedCount++;
			const BindingFlags all = BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Instance |
				BindingFlags.Static | BindingFlags.DeclaredOnly;
			foreach (MemberInfo m in t.GetMembers (all)) {
				if (!Visible (m))
					continue;
				string id = Id (m);
				if (id == null)
					continue;
				var mb = m as MethodBase;
				var p = m as PropertyInfo;
				ParameterInfo[] ps = mb != null ? mb.GetParameters () : p != null ? p.GetIndexParameters () : null;
				Type[] tps = mb != null && mb.IsGenericMethodDefinition ? mb.GetGenericArguments () : null;
				var mi = m as MethodInfo;
				Check (id, tps, ps, mi != null && mi.ReturnType != typeof (void) ? "returns" : null);
				checkedCount++;
			}
		}
		for (int i = 2; i < args.Length; i++) {
			var overloads = docs.Keys.Where (k => k == args[i] || k.StartsWith (args[i] + "(", StringComparison.Ordinal)).ToList ();
			if (overloads.Count == 0)
				problems.Add (args[i] + ": no doc comment");
			foreach (string k in overloads)
				if (docs[k].SelectSingleNode ("exception[@cref]") == null)
					problems.Add (k + ": no <exception cref=\"...\"> tag");
		}
		foreach (string p in problems)
			Console.WriteLine (p);
		if (problems.Count > 0) {
			Console.WriteLine ("DocCheck: " + problems.Count + " problem(s) in the doc comments of " + args[0]);
			return 1;
		}
		Console.WriteLine ("DocCheck: " + checkedCount + " public types and members documented");
		return 0;
	}

	static void Check (string id, Type[] typeParams, ParameterInfo[] ps, string returns)
	{
		XmlElement e;
		if (!docs.TryGetValue (id, out e)) {
			problems.Add (id + ": no doc comment");
			return;
		}
		if (Empty (e.SelectSingleNode ("summary")))
			problems.Add (id + ": no <summary>");
		foreach (Type tp in typeParams ?? new Type[0])
			if (Empty (e.SelectSingleNode ("typeparam[@name='" + tp.Name + "']")))
				problems.Add (id + ": no <typeparam name=\"" + tp.Name + "\">");
		foreach (ParameterInfo p in ps ?? new ParameterInfo[0])
			if (Empty (e.SelectSingleNode ("param[@name='" + p.Name + "']")))
				problems.Add (id + ": no <param name=\"" + p.Name + "\">");
		if (returns != null && Empty (e.SelectSingleNode (returns)))
			problems.Add (id + ": no <" + returns + ">");
	}

	static bool Empty (XmlNode n)
	{
		return n == null || n.InnerXml.Trim ().Length == 0;
	}

	// Public members, and protected ones of types that can be derived from.
	static bool Visible (MemberInfo m)
	{
		if (m is MethodBase) {
			var mb = (MethodBase) m;
			if (mb.IsSpecialName && !(mb is ConstructorInfo) && !mb.Name.StartsWith ("op_", StringComparison.Ordinal))
				return false; // accessors of properties and events: documented with them
			return mb.IsPublic || (!m.DeclaringType.IsSealed && (mb.IsFamily || mb.IsFamilyOrAssembly));
		}
		if (m is FieldInfo) {
			var f = (FieldInfo) m;
			return !f.IsSpecialName && (f.IsPublic || (!m.DeclaringType.IsSealed && (f.IsFamily || f.IsFamilyOrAssembly)));
		}
		if (m is PropertyInfo)
			return ((PropertyInfo) m).GetAccessors (true).Any (a => Visible (a) || a.IsPublic);
		if (m is EventInfo)
			return Visible (((EventInfo) m).GetAddMethod (true));
		return false; // nested types are checked as exported types
	}

	static string Id (MemberInfo m)
	{
		string owner = TypeName (m.DeclaringType);
		var mb = m as MethodBase;
		if (mb != null) {
			string name = mb is ConstructorInfo ? (mb.IsStatic ? "#cctor" : "#ctor") : mb.Name;
			if (mb.IsGenericMethodDefinition)
				name += "``" + mb.GetGenericArguments ().Length;
			string id = "M:" + owner + "." + name + Params (mb.GetParameters ());
			if (name == "op_Implicit" || name == "op_Explicit")
				id += "~" + TypeName (((MethodInfo) mb).ReturnType);
			return id;
		}
		if (m is PropertyInfo)
			return "P:" + owner + "." + m.Name + Params (((PropertyInfo) m).GetIndexParameters ());
		if (m is FieldInfo)
			return "F:" + owner + "." + m.Name;
		if (m is EventInfo)
			return "E:" + owner + "." + m.Name;
		return null;
	}

	static string Params (ParameterInfo[] ps)
	{
		if (ps.Length == 0)
			return "";
		return "(" + string.Join (",", ps.Select (p => TypeName (p.ParameterType))) + ")";
	}

	// A type as doc-comment IDs spell it: Namespace.Outer.Inner, List{System.Int32}, T[], T[0:,0:], T@, ``0.
	static string TypeName (Type t)
	{
		if (t.IsByRef)
			return TypeName (t.GetElementType ()) + "@";
		if (t.IsPointer)
			return TypeName (t.GetElementType ()) + "*";
		if (t.IsArray) {
			int rank = t.GetArrayRank ();
			string dims = rank == 1 ? "" : string.Join (",", Enumerable.Repeat ("0:", rank));
			return TypeName (t.GetElementType ()) + "[" + dims + "]";
		}
		if (t.IsGenericParameter)
			return (t.DeclaringMethod != null ? "``" : "`") + t.GenericParameterPosition;
		string name = t.IsNested ? TypeName (t.DeclaringType) + "." + t.Name : (t.Namespace == null ? "" : t.Namespace + ".") + t.Name;
		if (t.IsGenericType && !t.IsGenericTypeDefinition) {
			int tick = name.LastIndexOf ('`');
			if (tick >= 0)
				name = name.Substring (0, tick);
			name += "{" + string.Join (",", t.GetGenericArguments ().Select (TypeName)) + "}";
		}
		return name;
	}
}
