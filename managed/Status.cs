// Status: what a receive or probe learnt about a message.
namespace System.MP
{
	public class Status
	{
		internal StatusData data;

		public int Get_source () { return data.source; }
		public int Get_tag () { return data.tag; }
		public int Get_error () { return data.error; }
		public bool Is_cancelled () { return data.cancelled != 0; }

		public int Source { get { return data.source; } }
		public int Tag { get { return data.tag; } }
		public int Error { get { return data.error; } }

		/// <summary>The number of elements of <paramref name="elementType"/> in the message, or
		/// MPI.UNDEFINED when the message is not a whole number of them.</summary>
		public int Get_count (Type elementType)
		{
			if (elementType == null)
				throw new ArgumentNullException ("elementType");
			int size = MPDirect.ElementSize (elementType);
			if (size < 0)
				throw new ArgumentException (elementType.FullName + " is not a primitive type or a struct without references", "elementType");
			if (size == 0 || data.bytes % size != 0 || data.bytes / size > int.MaxValue)
				return MPI.UNDEFINED;
			return (int) (data.bytes / size);
		}
	}
}
