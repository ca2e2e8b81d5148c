// Communicator attributes, kept in managed code: each communicator has an AttributeSet, and Clone copies it as
// each attribute's AttributeDuplication says.  MPI keyvals would only matter to C code sharing the
// communicator, which a Motor program cannot reach.
using System;
using System.Collections.Generic;

namespace MPI
{
	/// <summary>How <see cref="Communicator.Clone"/> copies an attribute.</summary>
	public enum AttributeDuplication
	{
		/// <summary>Not copied: the clone has no value for it.</summary>
		None,
		/// <summary>Shared: the clone refers to the same object.  A value type larger than a pointer has one storage
		/// for both communicators, so setting it on one changes it on the other; a smaller one is copied.</summary>
		Shallow,
		/// <summary>Copied: the clone gets its own copy (a value type's copy, or ICloneable.Clone of an
		/// object).</summary>
		Deep
	}

	/// <summary>A key for values attached to communicators (<see cref="Communicator.Attributes"/>).</summary>
	public class Attribute : IDisposable
	{
		/// <summary>How Clone copies this attribute's values.</summary>
		public readonly AttributeDuplication Duplication;

		internal readonly Type type;
		// Shallow copies share storage: a value type larger than a pointer (MPI.NET keeps it on the heap behind
		// the MPI attribute; a smaller one sits in the attribute itself and is copied by value).
		internal readonly bool shared;

		internal Attribute (AttributeDuplication duplication, Type type)
		{
			Duplication = duplication;
			this.type = type;
			shared = type.IsValueType && SizeOf (type) > IntPtr.Size;
		}

		static int SizeOf (Type t)
		{
			try {
				return System.Runtime.InteropServices.Marshal.SizeOf (t);
			} catch (ArgumentException) {
				return int.MaxValue; // not marshalable: MPI.NET could not store it in the attribute either
			}
		}

		/// <summary>Makes an attribute whose values are of type <typeparamref name="T"/>.</summary>
		/// <typeparam name="T">The type of the values.</typeparam>
		/// <param name="duplication">How Clone copies them.</param>
		/// <returns>The attribute.</returns>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="duplication"/> is not None, Shallow or
		/// Deep.</exception>
		public static Attribute Create<T> (AttributeDuplication duplication)
		{
			if (duplication < AttributeDuplication.None || duplication > AttributeDuplication.Deep)
				throw new ArgumentOutOfRangeException ("duplication");
			return new Attribute (duplication, typeof (T));
		}

		/// <summary>Releases the attribute (nothing to release here).</summary>
		public virtual void Dispose () { }
	}

	/// <summary>The attributes attached to one communicator.</summary>
	public sealed class AttributeSet
	{
		// A value type under Shallow lives in a cell both communicators share; everything else has a cell of its own.
		sealed class Cell
		{
			internal object value;
		}

		readonly Dictionary<Attribute, Cell> cells = new Dictionary<Attribute, Cell> ();

		internal AttributeSet () { }

		/// <summary>The value of <paramref name="attribute"/> on this communicator, or null if it has none.  Setting
		/// null removes it.</summary>
		/// <param name="attribute">The attribute.</param>
		/// <exception cref="ArgumentNullException"><paramref name="attribute"/> is null.</exception>
		/// <exception cref="InvalidCastException">The value is not of the attribute's type.</exception>
		public object this[Attribute attribute] {
			get {
				if (attribute == null)
					throw new ArgumentNullException ("attribute");
				Cell c;
				lock (cells)
					return cells.TryGetValue (attribute, out c) ? c.value : null;
			}
			set {
				if (attribute == null)
					throw new ArgumentNullException ("attribute");
				if (value == null) {
					Remove (attribute);
					return;
				}
				if (!attribute.type.IsInstanceOfType (value))
					throw new InvalidCastException ("Unable to convert value when setting communicator attribute: a " +
						value.GetType ().FullName + " is not a " + attribute.type.FullName);
				lock (cells) {
					Cell c;
					if (!cells.TryGetValue (attribute, out c))
						cells[attribute] = c = new Cell ();
					c.value = value;
				}
			}
		}

		/// <summary>Removes the value of <paramref name="attribute"/> from this communicator.</summary>
		/// <param name="attribute">The attribute.</param>
		/// <exception cref="ArgumentNullException"><paramref name="attribute"/> is null.</exception>
		public void Remove (Attribute attribute)
		{
			if (attribute == null)
				throw new ArgumentNullException ("attribute");
			lock (cells)
				cells.Remove (attribute);
		}

		internal void CopyFrom (AttributeSet from)
		{
			KeyValuePair<Attribute, Cell>[] all;
			lock (from.cells) {
				all = new KeyValuePair<Attribute, Cell>[from.cells.Count];
				((ICollection<KeyValuePair<Attribute, Cell>>) from.cells).CopyTo (all, 0);
			}
			lock (cells) {
				foreach (var kv in all) {
					Attribute a = kv.Key;
					object v = kv.Value.value;
					switch (a.Duplication) {
					case AttributeDuplication.Shallow:
						cells[a] = a.shared ? kv.Value : new Cell { value = v };
						break;
					case AttributeDuplication.Deep:
						if (a.type.IsValueType) {
							cells[a] = new Cell { value = v }; // a boxed value is never changed in place
						} else {
							var c = v as ICloneable;
							if (c == null)
								throw new InvalidOperationException ("Clone: the Deep attribute's value, a " + v.GetType ().FullName +
									", is not ICloneable, so it cannot be copied: implement ICloneable or use Shallow");
							cells[a] = new Cell { value = c.Clone () };
						}
						break;
					}
				}
			}
		}
	}
}
